// Plans and lock recorders for the executor's tests: changes with bodies and keys as the
// planner makes them, and a recorder that keeps a copy of every lock it writes.
import { createLockRecorder } from '../../src/apply/lock-recorder.js';
import type { LockFile } from '../../src/lock/types.js';
import { keyForGeneration } from '../../src/plan/idempotency-key.js';
import type { Plan, PlannedChange } from '../../src/plan/types.js';
import { exampleMonitorInput } from '../helpers/sim-admin.js';

const { name: _name, ...input } = exampleMonitorInput('x');
/** A complete monitor input but for its name. */
export const base = input;

export function change(
  action: PlannedChange['action'],
  name: string,
  id: string | null,
  body?: Record<string, unknown>,
): PlannedChange {
  const partial: PlannedChange = {
    action,
    name,
    id,
    reason: action === 'create' ? 'new' : action === 'delete' ? 'removed' : 'changed_since_apply',
    reason_text: '',
    fields: [],
    ...(body
      ? {
          body: { ...base, name, ...body },
          body_fingerprint: `fp-${name}-${JSON.stringify(body)}`,
          lock_record: { fingerprint: `fp-${name}` },
        }
      : {}),
    idempotency_key: '',
  };
  return { ...partial, idempotency_key: keyForGeneration(partial, 0) };
}

export function plan(changes: PlannedChange[]): Plan {
  const count = (a: string) => changes.filter((c) => c.action === a).length;
  return {
    format_version: 1,
    summary: { create: count('create'), replace: count('replace'), delete: count('delete'), unchanged: 0 },
    changes,
    unmanaged: [],
    live_fingerprint: 'x',
    warnings: [],
    notes: [],
  };
}

export function recorder(initial: LockFile = { format_version: 1, salt: 's', monitors: [] }) {
  const writes: LockFile[] = [];
  const lock = createLockRecorder(initial, async (l) => {
    writes.push(structuredClone(l));
  });
  return { lock, writes };
}
