// plan and apply with --lock-branch, on the process's streams: what to do with the branch
// (read, announce, save, refuse) is decided in src/lock-branch/session.ts; here is what is
// said of it, the record read on stderr and the record saved on stdout.
import type { LockBranch, StartedLock } from '../../lock-branch/lock-branch.js';
import type { SaveResult } from '../../lock-branch/save-locks.js';
import { startLockBranchSession, type LockBranchFlags, type LockBranchSession } from '../../lock-branch/session.js';

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
    read: (branch, started) => out.stderr(`${readLine(branch, started)}\n`),
    saved: (branch, result) => out.stdout(`${savedLines(branch, result).join('\n')}\n`),
    rescueLog: out.stdout,
  });
}

function readLine(branch: LockBranch, started: StartedLock): string {
  const where = `${branch.repo.branch} of ${branch.repo.remote}`;
  if (started.source === 'branch') return `Lock record: ${started.path} from ${where}.`;
  if (started.source === 'local')
    return `Lock record: ${started.path} is not on ${where} yet; starting from the working tree's copy (the apply will save it to the branch).`;
  return `Lock record: none yet for ${started.path} on ${where}.`;
}

function savedLines(branch: LockBranch, result: SaveResult): string[] {
  const where = `${branch.repo.branch} of ${branch.repo.remote}`;
  const lines: string[] = [];
  for (const file of result.files) {
    lines.push(
      result.commit
        ? `Lock record saved: ${file.path} on ${where} (commit ${result.commit.slice(0, 12)}).`
        : `Lock record: ${where} already holds ${file.path} as this apply left it.`,
    );
    if (!file.merge) continue;
    lines.push(
      `  Another apply had pushed ${file.path} meanwhile: the two records were merged per monitor (both applies' monitors kept, deletions kept).`,
    );
    if (file.merge.conflicts.length > 0)
      lines.push(
        `  ${count(file.merge.conflicts.length, 'monitor')} changed by both applies: kept as "not verifiable" (the next plan replaces ${file.merge.conflicts.length === 1 ? 'it' : 'each'} once).`,
      );
    if (file.merge.resalted.length > 0)
      lines.push(
        `  ${count(file.merge.resalted.length, 'record')} of this apply were made under another salt: kept as "not verifiable" (one replace each in the next plan).`,
      );
  }
  return lines;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
