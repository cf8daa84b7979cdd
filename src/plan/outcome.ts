// What a plan means for `--detailed-exitcode` (and `monitors ci`'s "changes" output): which
// of its entries are changes. Decided here, beside the plan, not by each command.
import type { Plan } from './types.js';

/**
 * The number of changes apply would carry out: every planned change, forgets included (they
 * change the lock file), and a change of the policy in force (apply records it, docs/policy.md).
 * The changes a --target plan leaves out are not counted.
 */
export function changeCount(plan: Plan): number {
  return plan.changes.length + (plan.policy?.changes?.length ?? 0);
}

/** `--detailed-exitcode`: 2 when the plan has changes, else 0. */
export function detailedExitCode(plan: Plan): 0 | 2 {
  return changeCount(plan) > 0 ? 2 : 0;
}
