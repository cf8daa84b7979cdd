// Opening a workspace: the YAML loaded in its environment (its problems said, its errors a
// refusal before any request), the lock file's place chosen by the one rule, a client of
// the workspace's API when asked for, and the lock read (file, text or branch). Every
// command that reads the YAML or the lock starts here (request.ts says what it may ask).
import type { ApiClient } from '../api/client.js';
import type { ApiOrigin } from '../api/origin.js';
import type { LockFile } from '../lock/types.js';
import type { DesiredState } from '../model/monitor.js';
import { clientFor, earlyClient } from './client.js';
import { chooseLockFile, type LockChoice } from './lock-choice.js';
import { loadYamlHere, type LoadedYaml, type YamlInput } from './load-yaml.js';
import { screenProblems } from './problems.js';
import { readLockFrom } from './read-lock.js';
import { NO_STEP, type WorkspaceRequest } from './request.js';
import { namedFilesOf, type NamedFiles } from './set-files.js';

/** The YAML, the lock file's place and a client: a workspace before its lock is read. */
export interface OpenedSet {
  desired: DesiredState;
  /** The paths loaded: those given, or the folder of the files named one by one. */
  paths: string[];
  /** Files named one by one: the whole set is loaded, and what is done is narrowed to them. */
  named: NamedFiles | undefined;
  lockChoice: LockChoice;
  /** Info diagnostics, as plan notes. */
  notes: string[];
  /** With `policy: 'plan'`: the policy findings for the plan's policy section. */
  policyDiagnostics: LoadedYaml['result']['diagnostics'];
  /** Unless `client: 'none'`. */
  api: ApiClient | undefined;
  origin: ApiOrigin | undefined;
  /** Made before the YAML was read (its URL known without it): its reads may already run. */
  early: boolean;
  /** The lock file read on the loader's thread with the YAML. */
  lockAhead: LoadedYaml['lock'];
}

export interface OpenedWorkspace extends OpenedSet {
  /** Undefined: no lock yet (or not read: `lock: { none }`). */
  lock: LockFile | undefined;
  /** The lock's text as it is kept (on disk, given, or on the branch). */
  lockText: string | undefined;
}

/** The whole opening: the set, then its lock. */
export async function openWorkspace(request: WorkspaceRequest): Promise<OpenedWorkspace> {
  const opened = await openSet(request);
  try {
    return { ...opened, ...(await readLockFrom(request.lock, opened, request.hooks?.step ?? NO_STEP)) };
  } catch (error) {
    await opened.api?.close();
    throw error;
  }
}

/**
 * The YAML, the lock file's place and a client. With MONITORS_API_URL or --api-url, the
 * client is made before the YAML is read (the listing can run while it loads); otherwise
 * the URL may come from the YAML's settings, so it waits. In an environment the token and
 * URL are the environment's, known only from the YAML. `start` begins the command's reads
 * with the client as soon as it is made.
 */
export async function openSet<R = undefined>(
  request: WorkspaceRequest,
  start?: (api: ApiClient) => R,
): Promise<OpenedSet & { started: R | undefined }> {
  const wantsEarly = request.client === 'now' && !request.beforeRequests && !request.environment;
  const early = wantsEarly ? earlyClient(request.env, request.apiUrl) : undefined;
  // The reads a command starts with its client (the listing), begun before the YAML when they can be.
  const startedEarly = early && start ? start(early) : undefined;
  try {
    const named = request.wholeSet ? namedFilesOf(request.paths, request.cwd) : undefined;
    const paths = named ? [named.folder] : request.paths;
    const loaded = await loadYaml(request, paths, early !== undefined);
    const { state: desired, lockFilesSeen } = loaded.result;
    const screened = screenProblems(loaded.result, { ...request, paths });
    if (screened.lines.length > 0) request.hooks?.say?.(`${screened.lines.join('\n')}\n`);
    if (screened.error) throw screened.error;
    const lockChoice = chooseLockFile({ paths, flag: request.lock.file, cwd: request.cwd }, desired.settings, {
      files: desired.files,
      lockFilesSeen,
    });
    request.beforeRequests?.(desired, lockChoice.location.path);
    const made = early
      ? { api: early, origin: undefined }
      : request.client !== 'none'
        ? clientFor(desired.settings, request)
        : undefined;
    return {
      desired,
      paths,
      named,
      lockChoice,
      notes: screened.notes,
      policyDiagnostics: screened.policyDiagnostics,
      api: made?.api,
      origin: made?.origin,
      early: early !== undefined,
      lockAhead: loaded.lock,
      started: startedEarly ?? (made && start ? start(made.api) : undefined),
    };
  } catch (error) {
    await early?.close();
    throw error;
  }
}

/** On the loader's thread while early reads run (or always when asked), else here. */
async function loadYaml(request: WorkspaceRequest, paths: string[], readsRunning: boolean): Promise<LoadedYaml> {
  const loaded = (request.hooks?.step ?? NO_STEP)('loading the YAML');
  try {
    const offThread = request.hooks?.offThread;
    const there = offThread !== undefined && (readsRunning || offThread.always);
    await request.hooks?.beforeLoad?.(there ? 'off-thread' : 'here');
    const input: YamlInput = {
      paths,
      env: { ...request.env },
      cwd: request.cwd,
      ...(request.environment ? { environment: request.environment.name } : {}),
      missingEnv: request.missingVariable,
      ...(request.vars && request.vars.size > 0 ? { vars: [...request.vars] } : {}),
    };
    if (there && offThread) {
      // The lock file on disk is read there too for a command with a client (its text is not kept).
      const onDisk =
        request.client !== 'none' && !('text' in request.lock || 'branch' in request.lock || 'none' in request.lock);
      return await offThread.load({ ...input, ...(onDisk ? { lockFile: { flag: request.lock.file } } : {}) });
    }
    return await loadYamlHere({ ...input, env: request.env });
  } finally {
    loaded();
  }
}
