import type { LockFile, LockRecord } from '../lock/types.js';

export interface LockRecorder {
  /** Records a write that succeeded; the file follows promptly (coalesced, atomic). */
  record(record: LockRecord): void;
  /** Forgets a monitor that was deleted. */
  forget(id: string): void;
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
 * large apply does not rewrite a big file once per change. A process killed between a
 * write and its record loses only that record; the next plan then sees the monitor as
 * "not verifiable" and replaces it once, which is safe.
 */
export function createLockRecorder(initial: LockFile, write: LockWriter): LockRecorder {
  // By id, sorted only when the lock is read or written: a record costs O(1), not a sort
  // of the whole lock (with 100,000 monitors, 1,000 records each sorting it took a minute).
  const records = new Map(initial.monitors.map((r) => [r.id, r]));
  let sorted: LockFile | undefined = { ...initial, monitors: [...initial.monitors] };
  let dirty = false;
  let running: Promise<void> | undefined;
  let failure: unknown;

  const current = (): LockFile => (sorted ??= { ...initial, monitors: sortRecords([...records.values()]) });
  const pump = async (): Promise<void> => {
    while (dirty) {
      dirty = false;
      try {
        await write(current());
      } catch (error) {
        failure ??= error;
      }
    }
    running = undefined;
  };
  const schedule = () => {
    sorted = undefined;
    dirty = true;
    running ??= pump();
  };

  return {
    record(record) {
      records.set(record.id, record);
      schedule();
    },
    forget(id) {
      records.delete(id);
      schedule();
    },
    current,
    async flush() {
      while (running) await running;
      if (failure) throw failure;
    },
  };
}

export function sortRecords(records: LockRecord[]): LockRecord[] {
  return records.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
