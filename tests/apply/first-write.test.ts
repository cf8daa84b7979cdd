// Writes start slowly (src/apply/first-write.ts): one at a time until one succeeded, then
// the rest at once; a forget neither waits nor opens the gate.
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import { runPhase } from '../../src/apply/first-write.js';
import type { ChangeOutcome } from '../../src/apply/types.js';
import type { PlannedChange } from '../../src/plan/types.js';
import { change } from './plan-fixtures.js';

/** Starts changes, failing those named in `failing`; records how many were in flight at each start. */
function starter(failing: ReadonlySet<string>) {
  let inFlight = 0;
  const seen: { name: string; inFlight: number }[] = [];
  const start = async (c: PlannedChange): Promise<ChangeOutcome> => {
    inFlight++;
    seen.push({ name: c.name, inFlight });
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight--;
    return { change: c, ok: !failing.has(c.name), id: c.id, generation: 0 };
  };
  return { start, seen };
}

const creates = (n: number) => Array.from({ length: n }, (_, i) => change('create', `m${i}`, null, {}));

describe('runPhase', () => {
  it('sends the first write alone, then the others together, outcomes in the phase order', async () => {
    const { start, seen } = starter(new Set());
    const gate = { open: false };
    const outcomes = await runPhase(creates(5), start, pLimit(8), gate);
    expect(outcomes.map((o) => o.change.name)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(seen[0]).toEqual({ name: 'm0', inFlight: 1 });
    expect(Math.max(...seen.map((s) => s.inFlight))).toBe(4);
    expect(gate.open).toBe(true);
  });

  it('goes on one at a time while the writes fail, and opens at the first success', async () => {
    const { start, seen } = starter(new Set(['m0', 'm1']));
    const gate = { open: false };
    await runPhase(creates(5), start, pLimit(8), gate);
    expect(seen.slice(0, 3).map((s) => s.inFlight)).toEqual([1, 1, 1]);
    expect(seen.slice(3).map((s) => s.inFlight)).toEqual([1, 2]);
  });

  it('an open gate (a later phase) sends at once; a forget waits for nothing and opens nothing', async () => {
    const open = starter(new Set());
    await runPhase(creates(3), open.start, pLimit(8), { open: true });
    expect(open.seen.map((s) => s.inFlight)).toEqual([1, 2, 3]);
    const forgets = starter(new Set());
    const gate = { open: false };
    await runPhase([change('forget', 'a', 'ID1'), change('forget', 'b', 'ID2')], forgets.start, pLimit(8), gate);
    expect(forgets.seen.map((s) => s.inFlight)).toEqual([1, 2]);
    expect(gate.open).toBe(false);
  });
});
