// Whether a saved plan (`plan --out FILE`) still describes the workspace: the live monitors
// and the lock it was computed from must be those of now, or applying it would act on a
// state nobody reviewed.
import { MonitorsError } from '../errors.js';
import type { LockFile } from '../lock/types.js';
import type { LiveMonitor } from '../model/monitor.js';
import { liveFingerprint } from './fingerprint.js';
import type { SavedPlan } from './saved-plan.js';

/** Throws PLAN_STALE when the listing or the lock's salt changed since the plan in `file` was made. */
export function checkSavedPlanCurrent(
  saved: Pick<SavedPlan, 'plan' | 'salt'>,
  live: readonly LiveMonitor[],
  lock: Pick<LockFile, 'salt'>,
  file: string,
): void {
  if (liveFingerprint(live) === saved.plan.live_fingerprint && lock.salt === saved.salt) return;
  throw new MonitorsError(
    'PLAN_STALE',
    `the saved plan ${file} is stale: the live monitors or the lock file changed since it was made; nothing was changed`,
    { hint: 'Run `monitors plan --out FILE` again, review it, and apply the new plan.' },
  );
}
