// The plan assembled in one pure function, as changesets' assembleReleasePlan: everything
// read (the desired set, the listing, the starting lock, the context of /account and
// /incidents) comes in as data, and the plan, the lock apply would start writing, whether
// that lock changed, or a typed refusal come out. Every surface that plans (plan, apply,
// `--env all`, `monitors ci`) gets its plan here; the CLI only reads and renders.
import type { MonitorsError } from '../errors.js';
import type { LockFile } from '../lock/types.js';
import type { DesiredMonitor, DesiredState, Diagnostic, LiveMonitor } from '../model/monitor.js';
import { checkDeleteGuard } from './delete-guard.js';
import { narrowToFiles, stampFiles, type FileScope } from './named-files.js';
import { planChanges, type ComparedAhead, type PlanOptions } from './planner.js';
import { recordPolicy } from './policy-changes.js';
import { policyRefusal, policySection } from './policy-section.js';
import type { PreparedDesired } from './prepare.js';
import { startingLock, type StartingLock, type WorkspaceSeen } from './starting-lock.js';
import type { Plan } from './types.js';

/** What the plan is asked for: the options a command line gives. */
export interface AssembleOptions {
  /** --target and --replace. */
  targets?: readonly string[];
  replace?: { patterns: readonly string[]; token: string };
  /** --allow-mass-delete. */
  allowMassDelete: boolean;
  /**
   * The command a policy refusal names (apply, check --changed), which then stops before
   * any write; undefined for `plan`, which shows the refused plan with its policy section
   * before it stops (plan-run.ts).
   */
  policyStops: string | undefined;
  /** How a YAML file is named in lock records (relative to the lock file's folder). */
  fileOf: (sourceFile: string) => string;
  /** With files named on the command line: only their changes are kept (named-files.ts). */
  files?: FileScope;
  /** Notes from reading (the loader's, the lock file's choice, the context's), shown after the plan's own. */
  notes?: readonly string[];
}

/** What was read, and prepared meanwhile. */
export interface AssembleInput {
  desired: DesiredState;
  live: readonly LiveMonitor[];
  /** The lock as read (undefined: none yet, `fresh` is used: the lock the desired side was prepared under). */
  lock: { read: LockFile | undefined; fresh: () => LockFile };
  /** The workspace the client reached: the lock must be its own (starting-lock.ts). */
  workspace: WorkspaceSeen;
  /** Policy violations and warnings the loader found (the plan's policy section shows them). */
  policyDiagnostics: readonly Diagnostic[];
  /** From /account and /incidents, when the token may read them. */
  context: Pick<PlanOptions, 'openIncidentMonitorIds' | 'monitorLimit'>;
  /** Made ahead while the listing was read (optional: the planner makes what is missing). */
  prepared?: ReadonlyMap<DesiredMonitor, PreparedDesired>;
  liveLines?: ReadonlyMap<LiveMonitor, string>;
  compared?: ReadonlyMap<LiveMonitor, ComparedAhead>;
  options: AssembleOptions;
}

/** Which guard refused the plan: the lock's workspace, the policy, the mass-delete guard. */
export type RefusalKind = 'workspace' | 'policy' | 'delete-guard';

export type Assembled =
  | {
      ok: true;
      plan: Plan;
      /** The lock apply starts from: the starting lock stamped with the policy in force. */
      lock: LockFile;
      /** Write the lock even with no change (repaired, workspace or policy record new). */
      lockChanged: boolean;
      /** A lock file was read. */
      lockExisted: boolean;
    }
  | { ok: false; kind: RefusalKind; refusal: MonitorsError; plan?: Plan };

export function assemblePlan(input: AssembleInput): Assembled {
  const { desired, live, options } = input;
  // Before the planner: a lock of another workspace would plan every monitor anew.
  const begun = startingLock({ ...input.lock, live, workspace: input.workspace });
  if (!begun.ok) return { ok: false, kind: 'workspace', refusal: begun.refusal };
  const start = begun.start;
  const planned = planChanges({
    desired,
    live,
    lock: start.lock,
    ...(input.prepared ? { prepared: input.prepared } : {}),
    ...(input.liveLines ? { liveLines: input.liveLines } : {}),
    ...(input.compared ? { compared: input.compared } : {}),
    options: {
      scope: desired.settings.scope,
      ...input.context,
      ...(options.targets ? { targets: options.targets } : {}),
      ...(options.replace ? { replace: options.replace } : {}),
    },
  });
  stampFiles(planned, options.fileOf);
  const plan = options.files ? narrowToFiles(planned, start.lock.monitors, options.files) : planned;
  plan.notes.push(...start.notes, ...(options.notes ?? []));
  const policy = policySection({
    desired,
    diagnostics: input.policyDiagnostics,
    changes: plan.changes,
    liveTypes: new Map(live.map((l) => [l.id, l.type])),
    recorded: start.lock.policy,
  });
  if (policy) plan.policy = policy;
  const refused = options.policyStops === undefined ? undefined : policyRefusal(policy, options.policyStops);
  if (refused) return { ok: false, kind: 'policy', refusal: refused, plan };
  const guard = checkDeleteGuard(plan, {
    maxDeletes: desired.settings.maxDeletes,
    maxDeleteShare: desired.settings.maxDeleteShare,
    managedLiveCount: managedLiveCount(planned),
    allowMassDelete: options.allowMassDelete,
  });
  if (guard) return { ok: false, kind: 'delete-guard', refusal: guard, plan };
  // The policy in force is recorded like the workspace: apply writes it even with no other change.
  const stamped = recordPolicy(start.lock, policy?.rules ?? []);
  return {
    ok: true,
    plan,
    lock: stamped.lock,
    lockChanged: start.changed || stamped.changed,
    lockExisted: start.existed,
  };
}

/** Live monitors the tool manages: unchanged, replaced or deleted (a --target plan's left-out changes too). */
/** What the assembly can make while the listing is read (exported here: the one module a surface needs). */
export { prepareAhead } from './prepare-ahead.js';
export type { StartingLock };

export function managedLiveCount(plan: Plan): number {
  const left = (plan.not_targeted ?? []).filter((c) => c.action === 'replace' || c.action === 'delete').length;
  return plan.summary.unchanged + plan.summary.replace + plan.summary.delete + left;
}
