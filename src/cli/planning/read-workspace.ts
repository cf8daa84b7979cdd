// What a command that plans nothing from the YAML's values takes before its reads (destroy,
// status): the YAML (for the environment, the workspace and where the lock file is), the
// lock file (from --lock-branch or the file), and a client of that workspace's API. No
// value of ${env:NAME} is sent by these commands: an unset one is a warning, not a refusal.
import { apiConfigFromEnv, createApiClient, type ApiClient } from '../../api/client.js';
import type { ApiOrigin } from '../../api/origin.js';
import type { LockLocation } from '../../lock/location.js';
import { readLockFile } from '../../lock/lock-file.js';
import type { LockFile } from '../../lock/types.js';
import type { DesiredState } from '../../model/monitor.js';
import { apiOptionsFor, type EnvironmentRequest } from '../steps/environment.js';
import { loadSetAndLockPlace } from './read-set-lock.js';

export interface WorkspaceRequest {
  paths: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The command, for messages (`destroy`, `status`). */
  command: string;
  environment?: EnvironmentRequest | undefined;
  lockFlag?: string | undefined;
  /** --api-url: wins over an environment's api_url, MONITORS_API_URL and settings.api_url. */
  apiUrl?: string | undefined;
  /** Where the lock comes from (--lock-branch reads it from a branch); default: the file. */
  readLock?: ((lockPath: string) => Promise<LockFile | undefined>) | undefined;
}

export interface WorkspaceSession {
  desired: DesiredState;
  lockLocation: LockLocation;
  /** A note when other lock files lie beside the YAML, unused (as plan says it). */
  lockNote: string | undefined;
  /** Undefined when there is no lock file. */
  lock: LockFile | undefined;
  api: ApiClient;
  /** Where the token and URL came from, for messages that name them. */
  origin: ApiOrigin | undefined;
}

export async function readWorkspace(request: WorkspaceRequest): Promise<WorkspaceSession> {
  const { env } = request;
  const { desired, location, note } = await loadSetAndLockPlace(request);
  const lock = await (request.readLock ?? readLockFile)(location.path);
  const config = apiConfigFromEnv(env, {
    ...apiOptionsFor(desired.settings),
    ...(request.apiUrl ? { flagApiUrl: request.apiUrl } : {}),
  });
  return { desired, lockLocation: location, lockNote: note, lock, api: createApiClient(config), origin: config.origin };
}
