// Is this the workspace the lock belongs to? A lock pointed at another workspace (another
// URL, another token) would see none of its monitors: a plan would create them all again
// and drop every record as "no longer exists on the server". Pure: the CLI reads /account
// and the listing, and stops on what this returns, before anything is written.
import { MonitorsError } from '../errors.js';
import type { LockFile, LockWorkspace } from '../lock/types.js';
import type { LiveMonitor } from '../model/monitor.js';

/** What this run sees of its workspace: the account's id when the token may read /account. */
export interface SeenWorkspace {
  accountId?: string;
  apiUrl: string;
}

export interface WorkspaceCheck {
  lock: Pick<LockFile, 'workspace' | 'monitors'>;
  seen: SeenWorkspace;
  live: readonly LiveMonitor[];
  /** --allow-missing: most records gone from the listing is expected (deleted outside the tool). */
  allowMissing: boolean;
  /** The lock file as shown to the user. */
  lockShown: string;
  /** Where the URL and the token come from, for the hint (e.g. `MONITORS_API_URL and MONITORS_API_TOKEN`). */
  checkWhat: string;
}

/** The workspace to record: the id seen now, else the one recorded (a token without account:read keeps it). */
export function workspaceToRecord(recorded: LockWorkspace | undefined, seen: SeenWorkspace): LockWorkspace {
  const accountId = seen.accountId ?? recorded?.account_id;
  return { ...(accountId !== undefined ? { account_id: accountId } : {}), api_url: seen.apiUrl };
}

/** Whether the lock's record of its workspace changes (the next apply writes it even with no other change). */
export function workspaceChanged(recorded: LockWorkspace | undefined, next: LockWorkspace): boolean {
  return recorded?.account_id !== next.account_id || recorded?.api_url !== next.api_url;
}

/** Undefined when the run may go on; else the error to stop with, nothing written. */
export function checkWorkspace(check: WorkspaceCheck): MonitorsError | undefined {
  const recorded = check.lock.workspace;
  const { seen } = check;
  const what = `Check the API URL and the token (${check.checkWhat}) and the environment (--env)`;
  if (recorded?.account_id !== undefined && seen.accountId !== undefined) {
    if (recorded.account_id === seen.accountId) return undefined; // verified: the same account
    return other(
      check,
      `it belongs to workspace ${recorded.account_id}, but the token reaches workspace ${seen.accountId} (GET /account)`,
      what,
    );
  }
  if (recorded && recorded.api_url !== seen.apiUrl)
    return other(check, `it was applied through ${recorded.api_url}, but this run talks to ${seen.apiUrl}`, what);
  return missingCheck(check, what);
}

/**
 * Without an account id to compare (an old lock, a token without account:read), a lock of
 * which every record, or most, vanished from the listing is taken for another workspace.
 */
function missingCheck(check: WorkspaceCheck, what: string): MonitorsError | undefined {
  if (check.allowMissing) return undefined;
  const records = check.lock.monitors;
  const liveIds = new Set(check.live.map((l) => l.id));
  const missing = records.filter((r) => !liveIds.has(r.id)).length;
  const most = missing === records.length || (records.length >= 3 && missing * 2 > records.length);
  if (missing === 0 || !most) return undefined;
  const share = missing === records.length ? `all ${missing}` : `${missing} of the ${records.length}`;
  return new MonitorsError(
    'LOCK_WORKSPACE_MISSING',
    `${share} monitor${records.length === 1 ? '' : 's'} the lock file ${check.lockShown} records ${missing === 1 ? 'is' : 'are'} not in this workspace's listing: is this the workspace the lock belongs to? Nothing was written`,
    {
      hint: `${what}. If they were deleted outside the tool on purpose, run again with --allow-missing: their records are dropped and the YAML's monitors created again.`,
    },
  );
}

function other(check: WorkspaceCheck, why: string, what: string): MonitorsError {
  return new MonitorsError(
    'LOCK_OTHER_WORKSPACE',
    `the lock file ${check.lockShown} is not of this workspace: ${why}. Nothing was written`,
    {
      hint: `${what}. If the workspace really moved to this address, remove the "workspace" entry of the lock file: the next apply records it again.`,
    },
  );
}
