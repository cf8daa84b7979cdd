// plan and apply with --lock-branch: read the lock record from the branch before planning,
// and after an apply write it back there (compare-and-swap, merged when another apply
// pushed meanwhile). A record that cannot be written fails the command loudly, saying what
// the server holds, where the record is kept meanwhile, and how to recover.
import { MonitorsError, isMonitorsError } from '../../errors.js';
import { openLockBranch, type LockBranch, type StartedLock } from '../../lock-branch/lock-branch.js';
import { lockReadLine, lockSavedLines } from '../../render/lock-branch-report.js';
import { rescueLockRecords } from '../../lock-branch/rescue.js';
import { saveLocks, type SaveResult } from '../../lock-branch/save-locks.js';
import { runGit } from '../../lock-branch/git.js';
import { writeFileAtomic } from '../../lock/atomic-write.js';
import { serializeLock } from '../../lock/lock-file.js';
import type { LockFile } from '../../lock/types.js';

export interface LockBranchFlags {
  lockBranch?: string;
  lockRemote?: string;
}

export interface LockBranchSession {
  /** Reads the lock at `lockPath` from the branch (else the working tree); remembers what it read. */
  readLock: (lockPath: string) => Promise<LockFile | undefined>;
  /** Writes `lock` back to the branch unless it already holds it. `done` says what the apply did (undefined: nothing), for the messages; `change` names a change made without an apply (`lock forget`), as the commit's subject. */
  save(lock: LockFile, done: string | undefined, change?: string): Promise<void>;
  /**
   * Pushes `lock`, which says which creates the apply is about to send, before it sends
   * them: a job killed meanwhile pushes nothing at its end, and the next job starts from the
   * branch. Throws (nothing sent yet) when the branch cannot take it.
   */
  announce(lock: LockFile): Promise<void>;
  /** The commit and path the lock was read at, once read from the branch (for `lock list`'s history). */
  readAt(): { rev: string; path: string; cwd: string } | undefined;
}

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
  if (!flags.lockBranch) {
    if (flags.lockRemote) throw new MonitorsError('BAD_OPTION', '--lock-remote needs --lock-branch');
    return undefined;
  }
  const opening = openLockBranch({ branch: flags.lockBranch, remote: flags.lockRemote ?? 'origin', cwd });
  opening.catch(() => undefined); // reported by readLock; not an unhandled rejection when the YAML fails first
  let started: StartedLock | undefined;
  // The tip this run last read or pushed: the next push's parent (compare-and-swap).
  let tip: string | undefined;
  let root: string | undefined;
  return {
    readAt: () =>
      started?.source === 'branch' && tip && root ? { rev: tip, path: started.path, cwd: root } : undefined,
    async readLock(lockPath) {
      const branch = await opening;
      root = branch.repo.root;
      started = await branch.read(lockPath);
      tip = branch.tip;
      out.stderr(`${lockReadLine(branch.repo, started)}\n`);
      return started.lock;
    },
    async announce(lock) {
      if (!started) return;
      const branch = await opening;
      const creates = lock.pending_creates?.length ?? 0;
      try {
        const message = `monitors: ${count(creates, 'create')} in flight in ${started.path} [skip ci]`;
        tip = (await saveLocks({ ...branch, tip }, [{ started, lock }], { message })).tip;
      } catch (error) {
        if (!isMonitorsError(error)) throw error;
        throw new MonitorsError(
          error.code,
          `the lock branch ${branch.repo.branch} of ${branch.repo.remote} could not take the creates this apply is about to send (${error.message}); nothing was sent`,
          {
            hint: `Fix the cause (a protection rule or ruleset on ${branch.repo.branch}, a hook, a token without contents: write) and run the apply again.`,
            cause: error,
          },
        );
      }
      // What this run's lock now descends from: a later save merges against it, so that the
      // records another apply pushed meanwhile (merged in above) are kept, and these entries,
      // once settled, go.
      started = { ...started, branchText: serializeLock(lock), lock, source: 'branch' };
    },
    async save(lock, done, change) {
      if (!started || !worthSaving(started, lock)) return;
      const branch = await opening;
      const text = serializeLock(lock);
      let result: SaveResult;
      try {
        result = await saveLocks({ ...branch, tip }, [{ started, lock }], {
          message: change
            ? `monitors: ${change} in ${started.path} [skip ci]`
            : await commitMessage(branch, started, done),
        });
      } catch (error) {
        throw await notSaved(error, branch, started, text, done, env, out);
      }
      // Merged records: the working tree follows the branch, for any later step of the job.
      for (const file of result.files) if (file.merge) await writeFileAtomic(file.lockPath, file.text);
      out.stdout(`${lockSavedLines(branch.repo, result).join('\n')}\n`);
    },
  };
}

/** Nothing to write when the branch already has this text, or when there never was a record and still is none. */
function worthSaving(started: StartedLock, lock: LockFile): boolean {
  if (serializeLock(lock) === started.branchText) return false;
  return !(started.source === 'none' && lock.monitors.length === 0);
}

async function commitMessage(branch: LockBranch, started: StartedLock, done: string | undefined): Promise<string> {
  const head = await runGit(['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: branch.repo.root });
  const from = head.code === 0 ? `\n\nApplied from ${head.stdout.trim()}.` : '';
  return `monitors: lock record of ${started.path} after apply (${done ?? 'no changes'}) [skip ci]${from}`;
}

/** The loud failure: the cause, what the server holds, where the record is, what to do. */
async function notSaved(
  error: unknown,
  branch: LockBranch,
  started: StartedLock,
  text: string,
  done: string | undefined,
  env: NodeJS.ProcessEnv,
  out: Output,
): Promise<MonitorsError> {
  if (!isMonitorsError(error)) throw error;
  const kept = await rescueLockRecords([{ path: started.path, text }], env, out.stdout);
  const where = `${started.path} in this working tree${kept ? ` and in ${kept}` : ''}`;
  const server = done
    ? `The monitoring API has this apply's changes (${done}), but their record is only in ${where}`
    : `This apply changed nothing on the server; the record it meant to save is in ${where}`;
  return new MonitorsError(
    error.code,
    `the lock record was NOT saved to ${branch.repo.branch} of ${branch.repo.remote}: ${error.message}. ${server}`,
    {
      hint:
        `Nothing is lost if you act before this job's files are gone: see docs/recovery.md, "The lock record was not saved". ` +
        `Fix the cause (a protection rule or ruleset on ${branch.repo.branch}, a hook, a token without contents: write), then either push that record to ${branch.repo.branch} by hand, ` +
        `or simply run the apply again: it saves a new record, replacing each monitor this apply changed once as "not verifiable" (nothing is created twice).`,
      cause: error,
    },
  );
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
