// What every `monitors lock` command reads first: the set and its lock, from the file or from
// --lock-branch (whose session lock forget then writes through).
import type { LockLocation } from '../../lock/location.js';
import type { LockFile } from '../../lock/types.js';
import type { DesiredState } from '../../model/monitor.js';
import { openWorkspace } from '../../workspace/open.js';
import { requestedEnvironment } from '../steps/environment.js';
import { fromProcess, lockSource } from '../steps/open-request.js';
import { openLockBranchSession, PROCESS_OUTPUT, type LockBranchSession } from '../steps/lock-branch-session.js';
import { fileOption } from '../steps/options.js';

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

interface LockSetFlags {
  env?: string;
  lock?: string;
  lockBranch?: string;
  lockRemote?: string;
}

export async function readLockSet(
  paths: string[],
  options: LockSetFlags,
  command: string,
): Promise<{ set: SetLock; branch: LockBranchSession | undefined }> {
  const environment = requestedEnvironment(options.env, process.env);
  const lockFlag = fileOption('--lock', options.lock);
  const branch = openLockBranchSession(options, process.cwd(), process.env, PROCESS_OUTPUT);
  // No API client: reading a lock needs no token, and nothing of an unset variable is sent.
  const opened = await openWorkspace({
    ...fromProcess(),
    paths,
    command,
    environment,
    lock: lockSource(lockFlag, branch),
    client: 'none',
    missingVariable: 'warning',
    policy: 'summary',
  });
  const { desired, lockChoice, lock, lockText: text } = opened;
  return { set: { desired, location: lockChoice.location, note: lockChoice.note, lock, text }, branch };
}
