// How plan, apply and check --changed get a plan: open the workspace (the YAML, where the
// lock is, a client), read (the lock, the listing, /account, /incidents, with the secret
// hashes made meanwhile), then hand it all to the one pure assembly in src/plan
// (assemble.ts). Nothing here decides what the plan holds or refuses.
import { apiConfigFromEnv, createApiClient, type ApiClient } from '../../api/client.js';
import { newLockFile, readLockFile } from '../../lock/lock-file.js';
import type { LockFile } from '../../lock/types.js';
import type { DesiredState } from '../../model/monitor.js';
import { assemblePlan, prepareAhead } from '../../plan/assemble.js';
import type { Plan } from '../../plan/types.js';
import { apiOptionsFor, type EnvironmentRequest } from '../steps/environment.js';
import { loadDesiredOrFail, type LoadedForPlan } from './load-desired.js';
import { planningStep } from '../steps/interrupt.js';
import { startReads, type Reads } from './reads.js';
import { fileScope, lockRelative, namedFilesOf, type NamedFiles } from './set-files.js';
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
  /** The command (plan, apply, check): named in messages; all but plan stop on the policy's refusal. */
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
  /** Write the lock even with no change: repaired, or its record of the workspace or of the policy is new or changed. */
  lockRepaired: boolean;
  plan: Plan;
  api: ApiClient;
}

/** The YAML loaded, the lock file chosen, a client and its reads started. */
interface Opened {
  desired: DesiredState;
  named: NamedFiles | undefined;
  lockChoice: ReturnType<typeof chooseLockFile>;
  loaded: LoadedForPlan;
  api: ApiClient;
  reads: Reads;
}

export async function makePlan(request: PlanRequest): Promise<PlanSession> {
  const opened = await openForPlan(request);
  const { desired, api, lockChoice } = opened;
  try {
    const lockPath = lockChoice.location.path;
    const { read, base, live, context, prepared } = await readForPlan(opened, request);
    const lockShown = displayPath(lockPath, request.cwd);
    const allowMissing = request.allowMissing ?? false;
    const { accountId } = context;
    const assembled = assemblePlan({
      desired,
      live,
      lock: { read, fresh: () => base },
      workspace: { apiUrl: api.baseUrl, accountId, settings: desired.settings, allowMissing, lockShown },
      policyDiagnostics: opened.loaded.policyDiagnostics,
      context,
      prepared,
      liveLines: opened.reads.liveLines,
      compared: opened.reads.compared,
      options: assembleOptions(request, opened, lockPath, context.notes),
    });
    if (!assembled.ok) throw assembled.refusal;
    const { plan, lock, lockChanged: lockRepaired, lockExisted } = assembled;
    return { desired, lockPath, lockLocation: lockChoice.location, lock, lockExisted, lockRepaired, plan, api };
  } catch (error) {
    await api.close();
    throw error;
  }
}

/** The options of the assembly, from the command line and what opening the workspace found. */
function assembleOptions(request: PlanRequest, opened: Opened, lockPath: string, contextNotes: string[]) {
  const { named, desired, lockChoice } = opened;
  return {
    allowMassDelete: request.allowMassDelete ?? false,
    policyStops: request.command === 'plan' ? undefined : (request.command ?? 'plan'),
    fileOf: lockRelative(lockPath, request.cwd),
    ...(named ? { files: fileScope(named, desired.files, lockPath, request.cwd) } : {}),
    ...(request.targets ? { targets: request.targets } : {}),
    ...(request.replace ? { replace: request.replace } : {}),
    notes: [...opened.loaded.notes, ...contextNotes, ...(lockChoice.note ? [lockChoice.note] : [])],
  };
}

/**
 * The YAML, the lock file's place and a client. With MONITORS_API_URL set, the listing
 * (sequential pages, bound by latency) runs while the YAML is read; otherwise the URL may
 * come from the YAML's settings, so it waits. In an environment the token and URL are the
 * environment's, known only from the YAML.
 */
async function openForPlan(request: PlanRequest): Promise<Opened> {
  const early = request.beforeRequests || request.environment ? undefined : earlyClient(request.env, request.apiUrl);
  const earlyReads = early ? startReads(early) : undefined;
  // Files named one by one: the whole set is loaded, and the plan narrowed to them.
  const named = namedFilesOf(request.paths, request.cwd);
  const paths = named ? [named.folder] : request.paths;
  let loaded: LoadedForPlan;
  let lockChoice: ReturnType<typeof chooseLockFile>;
  try {
    const lockFile = request.readLock ? {} : { lockFile: { flag: request.lockFlag } };
    const options = { inWorker: early !== undefined, policyInPlan: true, ...lockFile };
    loaded = await loadDesiredOrFail(paths, request.env, request.cwd, request.environment, request.command, options);
    const seen = { files: loaded.state.files, lockFilesSeen: loaded.lockFilesSeen };
    lockChoice = chooseLockFile({ paths, flag: request.lockFlag, cwd: request.cwd }, loaded.state.settings, seen);
    request.beforeRequests?.(loaded.state, lockChoice.location.path);
  } catch (error) {
    await early?.close();
    throw error;
  }
  const desired = loaded.state;
  const flag = request.apiUrl ? { flagApiUrl: request.apiUrl } : {};
  const api = early ?? createApiClient(apiConfigFromEnv(request.env, { ...apiOptionsFor(desired.settings), ...flag }));
  return { desired, named, lockChoice, loaded, api, reads: earlyReads ?? startReads(api) };
}

/** The lock, the listing and its context; the desired side prepared (secret hashes too) meanwhile. */
async function readForPlan(opened: Opened, request: PlanRequest) {
  const { desired, reads, loaded } = opened;
  const lockPath = opened.lockChoice.location.path;
  // A lock from the lock branch (readLock), else the file, read ahead on the worker thread when it loaded the YAML.
  const reading = planningStep('reading the lock file');
  const lockAhead = loaded.lockAhead;
  const read = await (
    request.readLock
      ? request.readLock(lockPath)
      : lockAhead?.path === lockPath
        ? lockAhead.read()
        : readLockFile(lockPath)
  ).finally(reading);
  // No lock file yet: one fresh lock (its salt) for the hashes, the comparisons and the plan alike.
  const base = read ?? newLockFile();
  const preparing = prepareAhead(desired, base, (compare) => reads.compareWith(compare));
  // Once the listing is in, what is left (hashing secrets, comparing) is the plan's own work.
  let computing: (() => void) | undefined;
  const listed = reads.result().then((result) => ((computing = planningStep('computing the plan')), result));
  const [[live, context], prepared] = await Promise.all([listed, preparing]).finally(() => computing?.());
  return { read, base, live, context, prepared };
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
