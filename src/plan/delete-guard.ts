// The mass-delete guard: a plan that deletes too many (or too large a share of) the managed
// monitors is refused unless allowed.
import { MonitorsError } from '../errors.js';
import type { Plan } from './types.js';

export interface DeleteGuardOptions {
  maxDeletes: number;
  maxDeleteShare: number;
  /** Live monitors the tool manages (the share is of these). */
  managedLiveCount: number;
  allowMassDelete: boolean;
}

/** The share rule applies only from this many deletes on: removing 2 of 3 monitors is ordinary. */
export const SHARE_RULE_MIN_DELETES = 5;

/**
 * Refuses a plan that deletes more than `maxDeletes` monitors, or (from five deletes on)
 * more than `maxDeleteShare` of the managed live monitors: the signature of a YAML folder
 * that went missing or a wrong path, not of an intended change.
 */
export function checkDeleteGuard(plan: Plan, options: DeleteGuardOptions): MonitorsError | undefined {
  const deletes = plan.summary.delete;
  if (options.allowMassDelete || deletes === 0) return undefined;
  const share = options.managedLiveCount > 0 ? deletes / options.managedLiveCount : 1;
  const overCount = deletes > options.maxDeletes;
  const overShare = deletes >= SHARE_RULE_MIN_DELETES && share > options.maxDeleteShare;
  if (!overCount && !overShare) return undefined;
  const limit = overCount
    ? `more than ${options.maxDeletes} (settings.max_deletes)`
    : `${Math.round(share * 100)}% of the managed monitors, more than ${Math.round(options.maxDeleteShare * 100)}% (settings.max_delete_share)`;
  return new MonitorsError(
    'PLAN_MASS_DELETE',
    `the plan deletes ${deletes} monitors, ${limit}; refused to protect against a missing folder or a wrong path`,
    {
      hint: 'Check the paths given; if the deletes are intended, run again with --allow-mass-delete.',
    },
  );
}
