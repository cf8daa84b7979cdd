// plan and apply with --lock-branch, on the process's streams: what to do with the branch
// (read, announce, save, refuse) is decided in src/lock-branch/session.ts; here is what is
// said of it, the record read on stderr and the record saved on stdout (src/render).
import { startLockBranchSession, type LockBranchFlags, type LockBranchSession } from '../../lock-branch/session.js';
import { lockReadLine, lockSavedLines } from '../../render/lock-branch-report.js';

export type { LockBranchFlags, LockBranchSession };

interface Output {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export const PROCESS_OUTPUT: Output = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/**
 * Starts fetching the lock branch at once (it runs while the YAML is read and the API
 * listed); a git failure surfaces when the lock is first read.
 */
export function openLockBranchSession(
  flags: LockBranchFlags,
  cwd: string,
  env: NodeJS.ProcessEnv,
  out: Output,
): LockBranchSession | undefined {
  return startLockBranchSession(flags, cwd, env, {
    read: (branch, started) => out.stderr(`${lockReadLine(branch.repo, started)}\n`),
    saved: (branch, result) => out.stdout(`${lockSavedLines(branch.repo, result).join('\n')}\n`),
    rescueLog: out.stdout,
  });
}
