// A forget in apply: no request at all, the lock record goes, and the apply's counts and
// lines say "forgotten".
import { describe, expect, it } from 'vitest';
import { executePlan } from '../../src/apply/execute.js';
import { createLockRecorder } from '../../src/apply/lock-recorder.js';
import { outcomeLine, summaryLine } from '../../src/render/apply-report.js';
import type { LockFile } from '../../src/lock/types.js';
import { keyForGeneration } from '../../src/plan/idempotency-key.js';
import type { Plan, PlannedChange } from '../../src/plan/types.js';
import { applyJsonValue } from '../../src/render/apply-json.js';
import { exampleMonitorInput } from '../helpers/sim-admin.js';
import { MemoryApi } from './memory-api.js';

describe('executePlan with forgets', () => {
  it('sends nothing for a forget, drops its record, and carries out the other changes as usual', async () => {
    const api = new MemoryApi();
    const kept = api.seed(exampleMonitorInput('handed over'));
    const gone = api.seed(exampleMonitorInput('gone'));
    const initial: LockFile = {
      format_version: 1,
      salt: 's',
      monitors: [
        { id: kept, name: 'handed over', fingerprint: 'f1' },
        { id: gone, name: 'gone', fingerprint: 'f2' },
      ],
    };
    const writes: LockFile[] = [];
    const lock = createLockRecorder(initial, async (l) => void writes.push(structuredClone(l)));
    const forget: PlannedChange = {
      action: 'forget',
      name: 'handed over',
      id: kept,
      reason: 'forgotten',
      reason_text: '',
      fields: [],
    };
    const del: Omit<PlannedChange, 'idempotency_key'> = {
      action: 'delete',
      name: 'gone',
      id: gone,
      reason: 'removed',
      reason_text: '',
      fields: [],
    };
    const plan: Plan = {
      format_version: 1,
      summary: { create: 0, replace: 0, delete: 1, forget: 1, unchanged: 0 },
      changes: [{ ...del, idempotency_key: keyForGeneration(del, 0) }, forget],
      unmanaged: [],
      live_fingerprint: 'x',
      warnings: [],
      notes: [],
    };
    const result = await executePlan(plan, { api, env: {}, lock });
    expect(result).toMatchObject({ deleted: 1, forgotten: 1, failed: 0 });
    expect(api.requests.map((r) => `${r.method} ${r.target}`)).toEqual([`DELETE /monitors/${gone}`]);
    expect(api.monitors.has(kept)).toBe(true); // the forgotten monitor stays live, untouched
    expect(writes.at(-1)?.monitors).toEqual([]);
    const forgot = result.outcomes.find((o) => o.change.action === 'forget')!;
    expect(outcomeLine(forgot)).toBe(`forgot   "handed over" (${kept})`);
    expect(summaryLine(result, 1000)).toBe(
      'Apply complete: 0 created, 0 updated, 1 deleted, 1 forgotten, 0 failed. (1.00s)',
    );
    expect(applyJsonValue(result, new Map()).summary).toMatchObject({ deleted: 1, forgotten: 1 });
  });
});
