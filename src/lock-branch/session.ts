// One run's use of --lock-branch, decided here and said by the caller: read the lock record
// from the branch before planning, push the creates an apply is about to send, and after the
// apply write the record back (compare-and-swap, merged when another apply pushed meanwhile),
// or refuse loudly, saying what the server holds and where the record is kept meanwhile.
// What happened is handed to `report` as data; the words are the CLI's.
import { MonitorsError, isMonitorsError } from '../errors.js';
import { writeFileAtomic } from '../lock/atomic-write.js';
import { serializeLock } from '../lock/lock-file.js';
import type { LockFile } from '../lock/types.js';
import { runGit } from './git.js';
import { openLockBranch, type LockBranch, type StartedLock } from './lock-branch.js';
import { rescueLockRecords } from './rescue.js';
import { saveLocks, type SaveResult } from './save-locks.js';

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

/** What the session tells its caller, who says it: the record read, the record saved, a rescue's log. */
export interface SessionReport {
  read: (branch: LockBranch, started: StartedLock) => void;
  saved: (branch: LockBranch, result: SaveResult) => void;
  /** The record printed to the log when the job summary cannot take it (rescue.ts). */
  rescueLog: (text: string) => void;
}

/** The branch and remote asked for, or none; `--lock-remote` alone is a slip, refused. */
export function lockBranchAsked(flags: LockBranchFlags): { branch: string; remote: string } | undefined {
  if (!flags.lockBranch) {
    if (flags.lockRemote) throw new MonitorsError('BAD_OPTION', '--lock-remote needs --lock-branch');
    return undefined;
  }
  return { branch: flags.lockBranch, remote: flags.lockRemote ?? 'origin' };
}

/**
 * Starts fetching the lock branch at once (it runs while the YAML is read and the API
 * listed); a git failure surfaces when the lock is first read.
 */
export function startLockBranchSession(
  flags: LockBranchFlags,
  cwd: string,
  env: NodeJS.ProcessEnv,
  report: SessionReport,
): LockBranchSession | undefined {
  const asked = lockBranchAsked(flags);
  if (!asked) return undefined;
  const opening = openLockBranch({ ...asked, cwd });
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
      report.read(branch, started);
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
        throw notAnnounced(error, branch);
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
        if (!isMonitorsError(error)) throw error;
        const kept = await rescueLockRecords([{ path: started.path, text }], env, report.rescueLog);
        throw notSaved(error, branch, started.path, kept, done);
      }
      // Merged records: the working tree follows the branch, for any later step of the job.
      for (const file of result.files) if (file.merge) await writeFileAtomic(file.lockPath, file.text);
      report.saved(branch, result);
    },
  };
}

/** Nothing to write when the branch already has this text, or when there never was a record and still is none. */
export function worthSaving(started: StartedLock, lock: LockFile): boolean {
  if (serializeLock(lock) === started.branchText) return false;
  return !(started.source === 'none' && lock.monitors.length === 0);
}

/** The branch refused the creates about to be sent: nothing was sent, so fix and run again. */
export function notAnnounced(error: unknown, branch: Pick<LockBranch, 'repo'>): unknown {
  if (!isMonitorsError(error)) return error;
  return new MonitorsError(
    error.code,
    `the lock branch ${branch.repo.branch} of ${branch.repo.remote} could not take the creates this apply is about to send (${error.message}); nothing was sent`,
    {
      hint: `Fix the cause (a protection rule or ruleset on ${branch.repo.branch}, a hook, a token without contents: write) and run the apply again.`,
      cause: error,
    },
  );
}

/**
 * The loud failure: the cause, what the server holds, where the record is (`kept`: the
 * second place rescue.ts put it, if any), what to do.
 */
export function notSaved(
  error: MonitorsError,
  branch: Pick<LockBranch, 'repo'>,
  path: string,
  kept: string | undefined,
  done: string | undefined,
): MonitorsError {
  const where = `${path} in this working tree${kept ? ` and in ${kept}` : ''}`;
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

async function commitMessage(branch: LockBranch, started: StartedLock, done: string | undefined): Promise<string> {
  const head = await runGit(['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: branch.repo.root });
  const from = head.code === 0 ? `\n\nApplied from ${head.stdout.trim()}.` : '';
  return `monitors: lock record of ${started.path} after apply (${done ?? 'no changes'}) [skip ci]${from}`;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
