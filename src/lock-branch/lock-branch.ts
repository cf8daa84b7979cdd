// `--lock-branch`: the lock record kept on a branch of its own (e.g. monitors-state) instead
// of beside the YAML on main, for repositories whose main branch takes no pushes from CI.
// Each lock file sits on that branch at the same path as in the working tree, so any number
// of lock files (one per environment, say) share the branch.
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { MonitorsError } from '../errors.js';
import { parseLock, readLockFile } from '../lock/lock-file.js';
import type { LockFile } from '../lock/types.js';
import { fetchTip, fileAt, openLockBranchRepo, type LockBranchRepo } from './remote-branch.js';

export interface LockBranchOptions {
  branch: string;
  remote: string;
  cwd: string;
}

/** What a run started from, for one lock file: kept to check and merge when writing back. */
export interface StartedLock {
  /** The local lock file (absolute). */
  lockPath: string;
  /** Its path on the branch (relative to the working tree's top folder, with `/`). */
  path: string;
  /** The branch's text of it when read; undefined: the branch had none. */
  branchText: string | undefined;
  /** The lock the run starts from: the branch's; else (the branch has none yet) the local file's. */
  lock: LockFile | undefined;
  source: 'branch' | 'local' | 'none';
}

export interface LockBranch {
  repo: LockBranchRepo;
  /** The branch tip read at the start (undefined: no branch yet). */
  tip: string | undefined;
  /** The lock file at `lockPath` as the branch has it, else as the working tree has it. */
  read(lockPath: string): Promise<StartedLock>;
}

/** Opens the repository in `cwd` and fetches the lock branch once. */
export async function openLockBranch(options: LockBranchOptions): Promise<LockBranch> {
  const repo = await openLockBranchRepo(options.cwd, options.remote, options.branch);
  const tip = await fetchTip(repo);
  return {
    repo,
    tip,
    async read(lockPath) {
      const path = branchPath(repo.root, lockPath);
      const branchText = tip ? await fileAt(repo, tip, path) : undefined;
      if (branchText !== undefined)
        return {
          lockPath,
          path,
          branchText,
          lock: parseLock(branchText, `${path} on the lock branch ${repo.branch}`),
          source: 'branch',
        };
      // No record on the branch yet: start from the one beside the YAML, if any (a
      // repository that used to commit it to main moves to the branch without a replace).
      const local = await readLockFile(lockPath);
      return { lockPath, path, branchText, lock: local, source: local ? 'local' : 'none' };
    },
  };
}

/** `lockPath` relative to the working tree's top folder, as a git path. */
export function branchPath(root: string, lockPath: string): string {
  const path = relative(realpathOrSelf(root), resolve(realpathOrSelf(dirname(lockPath)), basename(lockPath)));
  if (path === '' || path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path)) {
    throw new MonitorsError(
      'BAD_OPTION',
      `the lock file ${lockPath} is outside the git working tree ${root}: --lock-branch keeps it at the same path on the branch`,
      {
        hint: 'Keep the lock file inside the repository (--lock, settings.lock_file).',
      },
    );
  }
  return path.split(sep).join('/');
}

/** Symlinked temp folders (macOS /var, a checkout under a link) must still compare equal to git's real path. */
function realpathOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
