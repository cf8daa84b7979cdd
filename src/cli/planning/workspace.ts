// The workspace check of plan, apply and destroy (src/plan/workspace-check.ts), with what
// the CLI knows: the client's URL, the account read by the plan's context, where the token
// comes from. Returns the lock stamped with its workspace, which apply then writes.
import type { ApiClient } from '../../api/client.js';
import type { LockFile } from '../../lock/types.js';
import type { LiveMonitor, Settings } from '../../model/monitor.js';
import { checkWorkspace, workspaceChanged, workspaceToRecord } from '../../plan/workspace-check.js';

export interface WorkspaceStep {
  lock: LockFile;
  live: readonly LiveMonitor[];
  api: Pick<ApiClient, 'baseUrl'>;
  accountId: string | undefined;
  settings: Settings;
  allowMissing: boolean;
  lockShown: string;
}

/** Throws when the lock belongs to another workspace; else the lock with its workspace, and whether that changed. */
export function checkLockWorkspace(step: WorkspaceStep): { lock: LockFile; changed: boolean } {
  const seen = { apiUrl: step.api.baseUrl, ...(step.accountId !== undefined ? { accountId: step.accountId } : {}) };
  const environment = step.settings.environment;
  const checkWhat = environment
    ? `${environment.tokenEnv ?? 'the token variable'} and the api_url of environment ${environment.name}, or --api-url`
    : 'MONITORS_API_URL, --api-url or settings.api_url, and MONITORS_API_TOKEN';
  const stop = checkWorkspace({
    lock: step.lock,
    seen,
    live: step.live,
    allowMissing: step.allowMissing,
    lockShown: step.lockShown,
    checkWhat,
  });
  if (stop) throw stop;
  const workspace = workspaceToRecord(step.lock.workspace, seen);
  return { lock: { ...step.lock, workspace }, changed: workspaceChanged(step.lock.workspace, workspace) };
}
