// Reads, with git, when each line of a lock file last changed (applied-times.ts says why).
// Outside a git repository, or with no git, the times are simply unknown: listing a lock
// never fails for want of its history.
import { basename, dirname } from 'node:path';
import { runGit } from '../lock-branch/git.js';
import { parseBlame } from './applied-times.js';

/** Line times of the file in the working tree, or of `path` at `revision` (a lock branch's tip). */
export async function blameLines(
  file: string,
  revision?: { rev: string; path: string; cwd: string },
): Promise<Map<number, string | null>> {
  const args = revision
    ? ['blame', '--porcelain', revision.rev, '--', revision.path]
    : ['blame', '--porcelain', '--', basename(file)];
  try {
    const result = await runGit(args, { cwd: revision ? revision.cwd : dirname(file) });
    return result.code === 0 ? parseBlame(result.stdout) : new Map();
  } catch {
    return new Map();
  }
}
