// What every `monitors lock` command reads first: the set and its lock, from the file or from
// --lock-branch (whose session lock forget then writes through).
import type { EnvironmentRequest } from '../steps/environment.js';
import { readSetLock, type SetLock } from './read-set-lock.js';
import {
  openLockBranchSession,
  PROCESS_OUTPUT,
  type LockBranchFlags,
  type LockBranchSession,
} from '../steps/lock-branch-session.js';

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
  const set = await readSetLock({
    paths,
    env: process.env,
    cwd: process.cwd(),
    command,
    environment: args.environment,
    lockFlag: args.lock,
    readLock: branch?.readLock,
  });
  return { set, branch };
}
