// Writing lock records back to the lock branch as a compare-and-swap: the new commit's
// parent is the tip the run read, and git takes a push only when it descends from the tip
// the remote has now. When another run pushed meanwhile, the tip is fetched again; a lock
// file that run did not touch is simply put on top of it, one it did touch is merged per
// monitor id (merge-locks.ts). A bounded number of rounds, then a loud failure.
import { MonitorsError } from '../errors.js';
import { mergeLocks } from '../lock/merge-locks.js';
import { parseLock, serializeLock } from '../lock/lock-file.js';
import type { LockFile } from '../lock/types.js';
import type { LockBranch, StartedLock } from './lock-branch.js';
import { commitFiles, fetchTip, fileAt, pushCommit, remoteTip, type FileToCommit } from './remote-branch.js';

/** Rounds of fetch, merge and push before giving up: each lost round means another run pushed. */
export const MAX_PUSH_ROUNDS = 5;

export interface LockToSave {
  started: StartedLock;
  /** The lock as this run leaves it. */
  lock: LockFile;
}

export interface SavedLock {
  path: string;
  lockPath: string;
  /** The text now on the branch. */
  text: string;
  /** Set when another run had changed this file meanwhile and the records were merged. */
  merge?: { conflicts: string[]; resalted: string[] };
}

export interface SaveResult {
  /** The commit pushed; undefined when the branch already held these records. */
  commit: string | undefined;
  /** The branch's tip now: the commit pushed, or the tip that already held these records. */
  tip: string | undefined;
  files: SavedLock[];
  /** Rounds lost to other runs' pushes. */
  retries: number;
}

export interface SaveOptions {
  message: string;
  /** Waits between lost rounds (a little, so that two runs stop colliding); injectable for tests. */
  pause?: (round: number) => Promise<void>;
}

export async function saveLocks(
  branch: LockBranch,
  toSave: readonly LockToSave[],
  options: SaveOptions,
): Promise<SaveResult> {
  const { repo } = branch;
  const pause =
    options.pause ??
    ((round) => new Promise<void>((r) => setTimeout(r, 200 * round + Math.floor(Math.random() * 200))));
  let tip = branch.tip;
  for (let round = 0; round < MAX_PUSH_ROUNDS; round++) {
    const files = await Promise.all(toSave.map((item) => nextText(branch, tip, item)));
    const changed = files.filter((f) => f.text !== f.remoteText);
    if (changed.length === 0) return { commit: undefined, tip, files: files.map(saved), retries: round };
    const commit = await commitFiles(
      repo,
      tip,
      changed.map((f): FileToCommit => ({ path: f.path, text: f.text })),
      options.message,
    );
    const pushed = await pushCommit(repo, commit);
    if (pushed.ok) return { commit, tip: commit, files: files.map(saved), retries: round };
    const now = await remoteTip(repo);
    if (now === commit) return { commit, tip: commit, files: files.map(saved), retries: round }; // it landed; only the answer was lost
    if (now === tip) {
      // Nobody else pushed: the remote refused this push itself (protection, a hook, permissions).
      throw new MonitorsError(
        'LOCK_PUSH_REFUSED',
        `${repo.remote} refused the push to the lock branch ${repo.branch}: ${pushed.message}`,
      );
    }
    tip = await fetchTip(repo);
    await pause(round + 1);
  }
  throw new MonitorsError(
    'LOCK_PUSH_CONTENDED',
    `the lock branch ${repo.branch} on ${repo.remote} moved under every one of ${MAX_PUSH_ROUNDS} pushes (other applies pushing at the same time)`,
  );
}

interface NextText {
  path: string;
  lockPath: string;
  text: string;
  remoteText: string | undefined;
  merge?: { conflicts: string[]; resalted: string[] };
}

/**
 * What the branch should hold for one lock file on top of `tip`: this run's lock when the
 * branch still has what the run started from (or has lost the file), else both merged.
 */
async function nextText(branch: LockBranch, tip: string | undefined, item: LockToSave): Promise<NextText> {
  const { path, lockPath, branchText, lock: base } = item.started;
  const remoteText = tip ? await fileAt(branch.repo, tip, path) : undefined;
  const ours = serializeLock(item.lock);
  if (remoteText === branchText || remoteText === undefined) return { path, lockPath, text: ours, remoteText };
  const theirs = parseLock(remoteText, `${path} on the lock branch ${branch.repo.branch}`);
  const merged = mergeLocks(base, item.lock, theirs);
  return {
    path,
    lockPath,
    text: serializeLock(merged.lock),
    remoteText,
    merge: { conflicts: merged.conflicts, resalted: merged.resalted },
  };
}

const saved = (f: NextText): SavedLock => ({
  path: f.path,
  lockPath: f.lockPath,
  text: f.text,
  ...(f.merge ? { merge: f.merge } : {}),
});
