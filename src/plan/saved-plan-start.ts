// The lock an apply of a saved plan starts from: the lock as read (or one with the plan's
// salt), repaired as the plan repaired it, checked to be the state the plan was made
// against (a stale plan stops here), and stamped with the policy the plan was made under,
// as an apply from the YAML stamps it (assemble.ts); and the workspace the plan names, as
// apply's client takes it. Pure.
import type { LockFile } from '../lock/types.js';
import type { LiveMonitor } from '../model/monitor.js';
import { recordPolicy } from './policy-changes.js';
import { parseSavedPlan, type SavedPlan } from './saved-plan.js';
import { savedOrigin } from './saved-origin.js';
import { checkSavedVars, type WrittenVars } from './saved-plan-vars.js';
import { checkSavedPlanCurrent } from './saved-plan-current.js';
import { startingLock } from './starting-lock.js';

/** Throws PLAN_STALE (saved-plan-current.ts) when the live monitors or the lock changed since the plan. */
export function startSavedPlan(
  saved: SavedPlan,
  read: LockFile | undefined,
  live: readonly LiveMonitor[],
  file: string,
): { lock: LockFile; lockChanged: boolean } {
  const fresh = () => ({ format_version: 1 as const, salt: saved.salt, monitors: [] });
  const begun = startingLock({ read, fresh, live });
  if (!begun.ok) throw begun.refusal;
  checkSavedPlanCurrent(saved, live, begun.start.lock, file);
  const stamped = recordPolicy(begun.start.lock, saved.plan.policy?.rules ?? []);
  return { lock: stamped.lock, lockChanged: begun.start.changed || stamped.changed };
}

/**
 * The saved plan in a file's text (refused when the vars given now differ from those it was
 * made with), and what apply's client takes of it: its URL and environment, named "saved in FILE".
 */
export function readSavedPlan(text: string, file: string, givenVars: WrittenVars) {
  const saved = parseSavedPlan(text);
  checkSavedVars(saved.vars, givenVars, file);
  const environment = saved.environment;
  const clientOptions = {
    ...(saved.apiUrl ? { apiUrl: saved.apiUrl, ...savedOrigin(saved, file) } : {}),
    ...(environment
      ? {
          environment: {
            ...environment,
            ...savedOrigin(environment, file),
            ...(environment.tokenEnvAt ? { tokenEnvAt: `${environment.tokenEnvAt}, saved in ${file}` } : {}),
          },
        }
      : {}),
  };
  return { saved, clientOptions };
}
