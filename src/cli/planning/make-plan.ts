import { apiConfigFromEnv, createApiClient, type ApiClient } from '../../api/client.js';
import { readLockFile, newLockFile } from '../../lock/lock-file.js';
import type { LockFile } from '../../lock/types.js';
import type { DesiredState, Diagnostic } from '../../model/monitor.js';
import { policyRefusal, policySection } from '../../plan/policy-section.js';
import { recordPolicy } from '../../plan/policy-changes.js';
import { checkDeleteGuard } from '../../plan/delete-guard.js';
import { templateValues } from '../../plan/env-protect.js';
import { comparerFor } from '../../plan/compare-ahead.js';
import { secretValuesOf, warmSecretHashes } from '../../plan/fingerprint.js';
import { repairDuplicateIds } from '../../plan/lock-repair.js';
import { planChanges } from '../../plan/planner.js';
import { prepareAll } from '../../plan/prepare.js';
import type { Plan } from '../../plan/types.js';
import { apiOptionsFor, type EnvironmentRequest } from '../steps/environment.js';
import { loadDesiredOrFail, type LoadedForPlan } from './load-desired.js';
import { planningStep } from '../steps/interrupt.js';
import { startReads } from './reads.js';
import { checkLockWorkspace } from './workspace.js';
import { fileScope, lockRelative, namedFilesOf, type NamedFiles } from './set-files.js';
import { narrowToFiles, stampFiles } from '../../plan/named-files.js';
import { displayPath } from '../../model/display-path.js';
import { chooseLockFile } from '../steps/paths.js';
import type { LockLocation } from '../../lock/location.js';

export interface PlanRequest {
  paths: string[];
  lockFlag?: string;
  /** --api-url: wins over an environment's api_url, MONITORS_API_URL and settings.api_url. */
  apiUrl?: string;
  allowMassDelete?: boolean;
  /** --allow-missing: most lock records gone from the listing is expected (src/plan/workspace-check.ts). */
  allowMissing?: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** --env / MONITORS_ENV: required once the set declares environments. */
  environment?: EnvironmentRequest;
  /** The command, for messages (plan, apply). */
  command?: string;
  /**
   * Checks of options that need the YAML (e.g. `plan --out` against its files and lock
   * file), run after it is read and before any request: given one, the listing does not
   * start while the YAML loads.
   */
  beforeRequests?: (desired: DesiredState, lockPath: string) => void;
  /** Where the lock comes from (--lock-branch reads it from a branch); default: the file at lockPath. */
  readLock?: (lockPath: string) => Promise<LockFile | undefined>;
  /** --target: only the changes of matching monitors (src/plan/targets.ts). */
  targets?: string[];
  /** --replace: monitors sent again although unchanged, with the token of this plan. */
  replace?: { patterns: string[]; token: string };
}

export interface PlanSession {
  desired: DesiredState;
  lockPath: string;
  /** Where the lock file is and which step of the rule chose it. */
  lockLocation: LockLocation;
  /** The lock the plan was made against; a new one (fresh salt) when none existed. */
  lock: LockFile;
  lockExisted: boolean;
  /**
   * Write the lock even with no change: it held an id twice and was repaired from the
   * listing (lock-repair.ts), or its record of the workspace or of the policy in force is
   * new or changed.
   */
  lockRepaired: boolean;
  plan: Plan;
  api: ApiClient;
}

/** Everything `plan` and `apply` share: YAML, lock, live listing, context, the pure planner. */
export async function makePlan(request: PlanRequest): Promise<PlanSession> {
  // With MONITORS_API_URL set, the listing (sequential pages, bound by latency) runs while
  // the YAML is read; otherwise the URL may come from the YAML's settings, so it waits.
  // In an environment the token and URL are the environment's, known only from the YAML.
  let api = request.beforeRequests || request.environment ? undefined : earlyClient(request.env, request.apiUrl);
  let reads = api ? startReads(api) : undefined;
  // Files named one by one: the whole set is loaded, and the plan narrowed to them below.
  const named = namedFilesOf(request.paths, request.cwd);
  let desired: DesiredState;
  let lockChoice: ReturnType<typeof chooseLockFile>;
  let loadNotes: string[];
  let lockAhead: LoadedForPlan['lockAhead'];
  let policyDiagnostics: Diagnostic[];
  try {
    let lockFilesSeen: string[];
    const loadOptions = {
      inWorker: api !== undefined,
      policyInPlan: true,
      ...(request.readLock ? {} : { lockFile: { flag: request.lockFlag } }),
    };
    ({
      state: desired,
      lockFilesSeen,
      notes: loadNotes,
      lockAhead,
      policyDiagnostics,
    } = await loadDesiredOrFail(
      named ? [named.folder] : request.paths,
      request.env,
      request.cwd,
      request.environment,
      request.command,
      loadOptions,
    ));
    lockChoice = chooseLockFile(
      { paths: named ? [named.folder] : request.paths, flag: request.lockFlag, cwd: request.cwd },
      desired.settings,
      {
        files: desired.files,
        lockFilesSeen,
      },
    );
    request.beforeRequests?.(desired, lockChoice.location.path);
  } catch (error) {
    await api?.close();
    throw error;
  }
  api ??= createApiClient(
    apiConfigFromEnv(request.env, {
      ...apiOptionsFor(desired.settings),
      ...(request.apiUrl ? { flagApiUrl: request.apiUrl } : {}),
    }),
  );
  reads ??= startReads(api);
  try {
    const lockPath = lockChoice.location.path;
    // A lock from the lock branch (readLock), else the file, read ahead on the worker thread when it loaded the YAML.
    const reading = planningStep('reading the lock file');
    const existing = await (
      request.readLock
        ? request.readLock(lockPath)
        : lockAhead?.path === lockPath
          ? lockAhead.read()
          : readLockFile(lockPath)
    ).finally(reading);
    const read = existing ?? newLockFile();
    // Secret hashes (scrypt, ~0.1 s each) and the desired side's fingerprints need no live
    // data: made meanwhile, the hashes on the thread pool.
    const toHash = desired.monitors.flatMap((d) => [
      ...secretValuesOf(d.input),
      ...templateValues(d.envRefs, (name) => d.envValues?.[name]),
    ]);
    const preparing = warmSecretHashes(toHash, read.salt)
      .then(() => prepareAll(desired.monitors, read.salt))
      .then(async (prepared) => (await reads.compareWith(comparerFor(desired.monitors, prepared, read)), prepared));
    // Once the listing is in, what is left (hashing secrets, comparing) is the plan's own work.
    let computing: (() => void) | undefined;
    const listed = reads.result().then((result) => ((computing = planningStep('computing the plan')), result));
    const [[live, context], prepared] = await Promise.all([listed, preparing]).finally(() => computing?.());
    const repair = repairDuplicateIds(read, live);
    // Before the planner: a lock of another workspace would plan every monitor anew.
    const { lock, changed: workspaceLearned } = checkLockWorkspace({
      lock: repair.lock,
      live,
      api,
      accountId: context.accountId,
      settings: desired.settings,
      allowMissing: request.allowMissing ?? false,
      lockShown: displayPath(lockChoice.location.path, request.cwd),
    });
    const plan = planChanges({
      desired,
      live,
      lock,
      prepared,
      liveLines: reads.liveLines,
      compared: reads.compared,
      options: {
        scope: desired.settings.scope,
        ...(context.openIncidentMonitorIds ? { openIncidentMonitorIds: context.openIncidentMonitorIds } : {}),
        ...(context.monitorLimit ? { monitorLimit: context.monitorLimit } : {}),
        ...(request.targets ? { targets: request.targets } : {}),
        ...(request.replace ? { replace: request.replace } : {}),
      },
    });
    const inFiles = narrowedToFiles(plan, lock, desired, named, lockPath, request.cwd);
    inFiles.notes.push(...repair.notes, ...loadNotes, ...context.notes);
    if (lockChoice.note) inFiles.notes.push(lockChoice.note);
    const policy = policySection({
      desired,
      diagnostics: policyDiagnostics,
      changes: inFiles.changes,
      liveTypes: new Map(live.map((l) => [l.id, l.type])),
      recorded: lock.policy,
    });
    if (policy) inFiles.policy = policy;
    // `plan` shows the refused plan, with its policy section, before it stops (plan-run.ts).
    const refusal = request.command === 'plan' ? undefined : policyRefusal(policy, request.command ?? 'plan');
    if (refusal) throw refusal;
    const refused = checkDeleteGuard(inFiles, {
      maxDeletes: desired.settings.maxDeletes,
      maxDeleteShare: desired.settings.maxDeleteShare,
      managedLiveCount: managedLiveCount(plan),
      allowMassDelete: request.allowMassDelete ?? false,
    });
    if (refused) throw refused;
    // The policy in force is recorded like the workspace: apply writes it even with no other change.
    const stamped = recordPolicy(lock, policy?.rules ?? []);
    return {
      desired,
      lockPath,
      lockLocation: lockChoice.location,
      lock: stamped.lock,
      lockExisted: existing !== undefined,
      lockRepaired: repair.notes.length > 0 || workspaceLearned || stamped.changed,
      plan: inFiles,
      api,
    };
  } catch (error) {
    await api.close();
    throw error;
  }
}

/** Records name their files; with files named, the plan keeps only their changes (src/plan/named-files.ts). */
function narrowedToFiles(
  plan: Plan,
  lock: LockFile,
  desired: DesiredState,
  named: NamedFiles | undefined,
  lockPath: string,
  cwd: string,
): Plan {
  const relative = lockRelative(lockPath, cwd);
  stampFiles(plan, relative);
  if (!named) return plan;
  return narrowToFiles(plan, lock.monitors, fileScope(named, desired.files, lockPath, cwd));
}

/** A client before the YAML is read: only when the URL cannot come from it (--api-url, MONITORS_API_URL). */
function earlyClient(env: NodeJS.ProcessEnv, flagApiUrl: string | undefined): ApiClient | undefined {
  if (!env.MONITORS_API_URL && !flagApiUrl) return undefined;
  try {
    return createApiClient(apiConfigFromEnv(env, flagApiUrl ? { flagApiUrl } : {}));
  } catch {
    return undefined; // reported after the YAML, in order
  }
}

/** Live monitors the tool manages: unchanged, replaced or deleted (a --target plan's left-out changes too). */
function managedLiveCount(plan: Plan): number {
  const left = (plan.not_targeted ?? []).filter((c) => c.action === 'replace' || c.action === 'delete').length;
  return plan.summary.unchanged + plan.summary.replace + plan.summary.delete + left;
}
