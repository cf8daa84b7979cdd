// What the lock commands read: the YAML (for the environment, where the lock file is and
// where each monitor is declared) and the lock (from --lock-branch or the file), with its
// text, for the history of its lines. No API client: reading a lock needs no token.
import { readLockWithText } from '../../lock/lock-file.js';
import { serializeLock } from '../../lock/lock-file.js';
import type { LockLocation } from '../../lock/location.js';
import type { LockFile } from '../../lock/types.js';
import type { DesiredState } from '../../model/monitor.js';
import type { EnvironmentRequest } from '../steps/environment.js';
import { chooseLockFile } from '../steps/paths.js';
import { loadDesiredOrFail } from './load-desired.js';

export interface SetLockRequest {
  paths: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  command: string;
  environment: EnvironmentRequest | undefined;
  lockFlag: string | undefined;
  /** --lock-branch: reads the lock from the branch. */
  readLock?: ((lockPath: string) => Promise<LockFile | undefined>) | undefined;
}

export interface SetLock {
  desired: DesiredState;
  location: LockLocation;
  note: string | undefined;
  /** Undefined: no lock file yet. */
  lock: LockFile | undefined;
  /** The lock's text as it is kept (on disk, or on the branch). */
  text: string | undefined;
}

/**
 * The set (an unset ${env:NAME} only a warning: nothing of its values is sent) and where its
 * lock file is: the first step of every command that reads a lock without planning the YAML.
 */
export async function loadSetAndLockPlace(
  request: Pick<SetLockRequest, 'paths' | 'env' | 'cwd' | 'command'> & {
    environment?: EnvironmentRequest | undefined;
    lockFlag?: string | undefined;
  },
): Promise<{ desired: DesiredState; location: LockLocation; note: string | undefined }> {
  const { paths, env, cwd } = request;
  const { state: desired, lockFilesSeen } = await loadDesiredOrFail(
    paths,
    env,
    cwd,
    request.environment,
    request.command,
    // Nothing is planned: the policy's advisory findings are one line, validate lists them.
    { missingEnv: 'warning', policySummary: true },
  );
  const { location, note } = chooseLockFile({ paths, flag: request.lockFlag, cwd }, desired.settings, {
    files: desired.files,
    lockFilesSeen,
  });
  return { desired, location, note };
}

export async function readSetLock(request: SetLockRequest): Promise<SetLock> {
  const { desired, location, note } = await loadSetAndLockPlace(request);
  if (request.readLock) {
    // The branch holds what serializeLock wrote: its text is the lock's own.
    const lock = await request.readLock(location.path);
    return { desired, location, note, lock, text: lock ? serializeLock(lock) : undefined };
  }
  const read = await readLockWithText(location.path);
  return { desired, location, note, lock: read?.lock, text: read?.text };
}
