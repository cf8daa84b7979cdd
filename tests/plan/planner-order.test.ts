// The order of a plan's changes and unmanaged monitors: names as people read them
// (case-insensitive, numbers in order), by action first, ties by code unit.
import { describe, expect, it } from 'vitest';
import { desired, input, liveOf, lockOf, monitorId, plan, state } from './fixtures.js';

describe('the order of a plan', () => {
  it('lists creates in natural order: api-2 before api-10, case aside', () => {
    const names = ['api-10', 'API-3', 'api-2', 'Beta', 'alpha'];
    const p = plan(state(names.map((n) => desired(n))), [], lockOf([]));
    expect(p.changes.map((c) => c.name)).toEqual(['alpha', 'api-2', 'API-3', 'api-10', 'Beta']);
  });

  it('lists unmanaged monitors in the same order', () => {
    const live = ['node 10', 'Node 9', 'node 1'].map((n, i) => liveOf(monitorId(i + 1), input(n), 'full'));
    const p = plan(state([]), live, lockOf([]));
    expect(p.unmanaged.map((u) => u.name)).toEqual(['node 1', 'Node 9', 'node 10']);
  });
});
