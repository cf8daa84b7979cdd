// What every `monitors lock` command reads first: the set and its lock, from the file or from
// --lock-branch (whose session lock forget then writes through).
import { readSetLock, type SetLock } from './read-set-lock.js';
import { requestedEnvironment } from '../steps/environment.js';
import { openLockBranchSession, PROCESS_OUTPUT, type LockBranchSession } from '../steps/lock-branch-session.js';
import { fileOption } from '../steps/options.js';

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
  const set = await readSetLock({
    paths,
    env: process.env,
    cwd: process.cwd(),
    command,
    environment,
    lockFlag,
    readLock: branch?.readLock,
  });
  return { set, branch };
}
