// What a finished plan means for the `plan` command: whether the policy refuses it (shown,
// then refused), what `--out` saves, and the exit code of `--detailed-exitcode` (which of
// its entries are changes). Decided here, beside the plan, not by the command.
import type { MonitorsError } from '../errors.js';
import type { LockFile } from '../lock/types.js';
import type { Settings } from '../model/monitor.js';
import { policyRefusal } from './policy-section.js';
import { savedWorkspace } from './saved-origin.js';
import { serializeSavedPlan } from './saved-plan.js';
import type { Plan } from './types.js';
import type { WrittenVars } from './saved-plan-vars.js';

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

/** What `plan --out` saves beside the plan: where its lock is, the lock, the set's settings, --api-url. */
export interface SaveRequest {
  lockPath: string;
  lock: LockFile;
  settings: Settings;
  flagApiUrl: string | undefined;
  toolVersion: string;
  now: Date;
  /** The vars set for the run (--var, --var-file), as written: apply --plan refuses other ones. */
  vars?: WrittenVars;
}

export interface PlanOutcome {
  /** The policy refuses the plan: it is shown, nothing is saved, and the command fails with this. */
  refusal?: MonitorsError;
  /** The saved plan's text (with `--out`, unless refused). */
  saved?: string;
  exitCode: 0 | 2;
}

export function planOutcome(plan: Plan, detailed: boolean, save: SaveRequest | undefined): PlanOutcome {
  const refusal = policyRefusal(plan.policy, 'plan');
  if (refusal) return { refusal, exitCode: 0 };
  const exitCode = detailed ? detailedExitCode(plan) : 0;
  if (!save) return { exitCode };
  const saved = serializeSavedPlan(plan, {
    lockPath: save.lockPath,
    ...(save.settings.source ? { settingsFile: save.settings.source.file } : {}),
    lock: save.lock,
    toolVersion: save.toolVersion,
    now: save.now,
    ...(save.vars ? { vars: save.vars } : {}),
    ...savedWorkspace(save.flagApiUrl, save.settings),
  });
  return { saved, exitCode };
}
