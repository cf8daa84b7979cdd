// What every `monitors lock` command reads first: the set and its lock, from the file or from
// --lock-branch (whose session lock forget then writes through), opened by the workspace
// opener (src/workspace) with no client.
import type { LockLocation } from '../../lock/location.js';
import type { LockFile } from '../../lock/types.js';
import type { DesiredState } from '../../model/monitor.js';
import { openWorkspace } from '../../workspace/open.js';
import type { EnvironmentRequest } from '../../workspace/environment.js';
import { fromProcess, lockSource } from './open-request.js';
import {
  openLockBranchSession,
  PROCESS_OUTPUT,
  type LockBranchFlags,
  type LockBranchSession,
} from './lock-branch-session.js';

/** The set and its lock, as the lock commands use them. */
export interface SetLock {
  desired: DesiredState;
  location: LockLocation;
  /** A note when other lock files lie beside the YAML, unused (as plan says it). */
  note: string | undefined;
  /** Undefined: no lock file yet. */
  lock: LockFile | undefined;
  /** The lock's text as it is kept (on disk, or on the branch). */
  text: string | undefined;
}

/** The lock commands' --env and --lock, checked (src/cli/arguments/lock.ts). */
export interface LockSetRequest {
  environment: EnvironmentRequest | undefined;
  lock: string | undefined;
}

export async function readLockSet(
  paths: string[],
  args: LockSetRequest,
  flags: LockBranchFlags,
  command: string,
): Promise<{ set: SetLock; branch: LockBranchSession | undefined }> {
  const branch = openLockBranchSession(flags, process.cwd(), process.env, PROCESS_OUTPUT);
  // No API client: reading a lock needs no token, and nothing of an unset variable is sent.
  const opened = await openWorkspace({
    ...fromProcess(),
    paths,
    command,
    environment: args.environment,
    lock: lockSource(args.lock, branch),
    client: 'none',
    missingVariable: 'warning',
    policy: 'summary',
  });
  const { desired, lockChoice, lock, lockText: text } = opened;
  return { set: { desired, location: lockChoice.location, note: lockChoice.note, lock, text }, branch };
}
