// The lock every command starts from, built once here for plan, apply (from the YAML or a
// saved plan), destroy and status: the lock as read (or a fresh one), repaired from the
// listing when it holds an id twice (lock-repair.ts), and, for the commands that write,
// checked against the workspace the token reaches and stamped with it (workspace-check.ts).
// Pure: what was read comes in, the lock and what changed come out.
import type { MonitorsError } from '../errors.js';
import type { LockFile } from '../lock/types.js';
import type { LiveMonitor, Settings } from '../model/monitor.js';
import { repairDuplicateIds } from './lock-repair.js';
import { checkWorkspace, workspaceChanged, workspaceToRecord } from './workspace-check.js';

/** What the command knows of the workspace it reached, for the check of the lock's record. */
export interface WorkspaceSeen {
  /** The client's base URL. */
  apiUrl: string;
  /** GET /account's id, when the token may read it. */
  accountId: string | undefined;
  settings: Settings;
  /** --allow-missing. */
  allowMissing: boolean;
  /** The lock file as messages show it. */
  lockShown: string;
}

export interface StartingLockInput {
  /** The lock as read; undefined when there is none. */
  read: LockFile | undefined;
  /** The lock to start from when none was read (plan: a fresh salt; a saved plan: its own salt). */
  fresh: () => LockFile;
  live: readonly LiveMonitor[];
  /** The workspace check: absent for a command that only reads (status). */
  workspace?: WorkspaceSeen;
}

export interface StartingLock {
  lock: LockFile;
  /** A lock file was read. */
  existed: boolean;
  /** For the plan's notes: the records the repair dropped, and why. */
  notes: string[];
  /** Write the lock even with no change: it was repaired, or its workspace record is new or changed. */
  changed: boolean;
}

export type StartingLockResult = { ok: true; start: StartingLock } | { ok: false; refusal: MonitorsError };

export function startingLock(input: StartingLockInput): StartingLockResult {
  const read = input.read ?? input.fresh();
  const repair = repairDuplicateIds(read, input.live);
  if (!input.workspace)
    return {
      ok: true,
      start: {
        lock: repair.lock,
        existed: input.read !== undefined,
        notes: repair.notes,
        changed: repair.notes.length > 0,
      },
    };
  const seen = {
    apiUrl: input.workspace.apiUrl,
    ...(input.workspace.accountId !== undefined ? { accountId: input.workspace.accountId } : {}),
  };
  const stop = checkWorkspace({
    lock: repair.lock,
    seen,
    live: input.live,
    allowMissing: input.workspace.allowMissing,
    lockShown: input.workspace.lockShown,
    checkWhat: checkWhat(input.workspace.settings),
  });
  if (stop) return { ok: false, refusal: stop };
  const workspace = workspaceToRecord(repair.lock.workspace, seen);
  return {
    ok: true,
    start: {
      lock: { ...repair.lock, workspace },
      existed: input.read !== undefined,
      notes: repair.notes,
      changed: repair.notes.length > 0 || workspaceChanged(repair.lock.workspace, workspace),
    },
  };
}

/** Where the URL and token come from, for the refusal's "check ...". */
function checkWhat(settings: Settings): string {
  const environment = settings.environment;
  return environment
    ? `${environment.tokenEnv ?? 'the token variable'} and the api_url of environment ${environment.name}, or --api-url`
    : 'MONITORS_API_URL, --api-url or settings.api_url, and MONITORS_API_TOKEN';
}
