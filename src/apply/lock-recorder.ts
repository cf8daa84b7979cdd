// Records each write of an apply in the lock file as it lands, coalescing writes so that a large
// apply does not rewrite the file per change.
import { withPending } from '../lock/pending-creates.js';
import { sortRecords } from '../lock/sort-records.js';
import type { LockFile, LockRecord, PendingCreate } from '../lock/types.js';

export interface LockRecorder {
  /** Records a write that succeeded; the file follows promptly (coalesced, atomic). */
  record(record: LockRecord): void;
  /** Forgets a monitor that was deleted; with `name`, only when its record has that name. */
  forget(id: string, name?: string): void;
  /**
   * Adds creates about to be sent (see PendingCreate) and resolves once the file on disk
   * holds them, without waiting for the pacing between writes; rejects when that write failed.
   */
  announce(entries: readonly PendingCreate[]): Promise<void>;
  /** Drops the entries of creates whose outcome is known (by key). */
  settle(keys: readonly string[]): void;
  /** The lock as recorded so far. */
  current(): LockFile;
  /** Resolves when everything recorded so far is on disk. */
  flush(): Promise<void>;
}

export type LockWriter = (lock: LockFile) => Promise<void>;

/**
 * Keeps the lock file true at every instant: each successful write is recorded in memory
 * at once and written atomically (temp file + rename, by `write`). Writes are coalesced:
 * at most one is in flight, and the next one carries everything recorded meanwhile, so a
 * large apply does not rewrite a big file once per change. A lock file that takes long to
 * write (100,000 monitors: 100 MB, a second or more) is written at most a third of the
 * time: after a write of T, the next waits 2T for more records (flush() ends the wait). A
 * process killed between a write and its record loses only that record; the next plan
 * then sees the monitor as "not verifiable" and replaces it once, which is safe. For a
 * create, the lost record is made good by the entry announce() wrote before the create
 * went out (src/plan/pending-creates.ts).
 */
export function createLockRecorder(initial: LockFile, write: LockWriter, now: () => number = Date.now): LockRecorder {
  // By id, sorted only when the lock is read or written: a record costs O(1), not a sort
  // of the whole lock (with 100,000 monitors, 1,000 records each sorting it took a minute).
  const records = new Map(initial.monitors.map((r) => [r.id, r]));
  const pending = new Map((initial.pending_creates ?? []).map((p) => [p.key, p]));
  let sorted: LockFile | undefined = { ...initial, monitors: [...initial.monitors] };
  let dirty = false;
  let running: Promise<void> | undefined;
  let failure: Error | undefined;
  let hurry = false;
  let wake: (() => void) | undefined;
  // Each change is a version; announce() waits for the first write that carries its own.
  let version = 0;
  const waiters: { version: number; done: (error?: Error) => void }[] = [];
  const answer = (written: number, error?: Error) => {
    for (let i = waiters.length - 1; i >= 0; i--)
      if (waiters[i]!.version <= written) waiters.splice(i, 1)[0]!.done(error);
  };

  const current = (): LockFile =>
    (sorted ??= withPending({ ...initial, monitors: sortRecords([...records.values()]) }, [...pending.values()]));
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => (clearTimeout(timer), resolve());
    });
  const pump = async (): Promise<void> => {
    while (dirty) {
      dirty = false;
      const carried = version;
      const started = now();
      try {
        await write(current());
        answer(carried);
      } catch (error) {
        const wrapped = error instanceof Error ? error : new Error(String(error));
        failure ??= wrapped;
        answer(carried, wrapped);
      }
      const took = now() - started;
      if (dirty && !hurry && waiters.length === 0 && took > 0) await pause(2 * took);
    }
    running = undefined;
  };
  const schedule = () => {
    sorted = undefined;
    dirty = true;
    version += 1;
    running ??= pump();
  };

  return {
    record(record) {
      records.set(record.id, record);
      schedule();
    },
    forget(id, name) {
      if (name !== undefined && records.get(id)?.name !== name) return;
      records.delete(id);
      schedule();
    },
    announce(entries) {
      for (const entry of entries) pending.set(entry.key, entry);
      schedule();
      wake?.();
      return new Promise((resolve, reject) =>
        waiters.push({ version, done: (error) => (error ? reject(error) : resolve()) }),
      );
    },
    settle(keys) {
      let changed = false;
      for (const key of keys) changed = pending.delete(key) || changed;
      if (changed) schedule();
    },
    current,
    async flush() {
      hurry = true;
      wake?.();
      while (running) await running;
      if (failure) throw failure;
    },
  };
}
