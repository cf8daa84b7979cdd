// The lock an apply starts from, and the lock a plan without changes still leaves behind:
// records of monitors gone from the server dropped, creates in flight settled
// (src/plan/pending-creates.ts). Pure: the CLI writes what these return.
import { withoutRecords } from '../lock/lock-file.js';
import { settlePending } from '../lock/pending-creates.js';
import type { LockFile } from '../lock/types.js';
import type { Plan } from '../plan/types.js';

/** `lock` without the records the plan found stale, with the creates in flight it settled. */
export function settledLock(plan: Plan, lock: LockFile): LockFile {
  return settlePending(withoutRecords(lock, plan.stale_lock_ids ?? []), plan.pending_creates);
}

/**
 * The lock to write after a plan with no change, or undefined when there is nothing to
 * write: stale records, creates in flight and a repaired lock are written even then.
 */
export function lockToPrune(plan: Plan, lock: LockFile, repaired: boolean): LockFile | undefined {
  const stale = plan.stale_lock_ids ?? [];
  if (stale.length === 0 && (plan.pending_creates ?? []).length === 0 && !repaired) return undefined;
  return settledLock(plan, lock);
}
