// The words of --lock-branch (src/lock-branch reads and pushes; the session writes these
// lines where the command's report goes): where the lock record was read from, and what
// saving it did, merges with another apply's push included.
import type { StartedLock } from '../lock-branch/lock-branch.js';
import type { SaveResult } from '../lock-branch/save-locks.js';

/** The branch and the remote it is pushed to, as the flags named them. */
export interface BranchName {
  branch: string;
  remote: string;
}

const whereOf = (b: BranchName) => `${b.branch} of ${b.remote}`;

/** Said once the lock is read: from the branch, from the working tree (not on the branch yet), or none yet. */
export function lockReadLine(on: BranchName, started: Pick<StartedLock, 'source' | 'path'>): string {
  const where = whereOf(on);
  if (started.source === 'branch') return `Lock record: ${started.path} from ${where}.`;
  if (started.source === 'local')
    return `Lock record: ${started.path} is not on ${where} yet; starting from the working tree's copy (the apply will save it to the branch).`;
  return `Lock record: none yet for ${started.path} on ${where}.`;
}

/** Said once the lock is saved: the commit (or that the branch held it already), and each merge. */
export function lockSavedLines(on: BranchName, result: Pick<SaveResult, 'commit' | 'files'>): string[] {
  const where = whereOf(on);
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
