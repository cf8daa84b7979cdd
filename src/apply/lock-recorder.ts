import { sortRecords } from '../lock/sort-records.js';
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
  let lock: LockFile = { ...initial, monitors: [...initial.monitors] };
  let dirty = false;
  let running: Promise<void> | undefined;
  let failure: unknown;

  const pump = async (): Promise<void> => {
    while (dirty) {
      dirty = false;
      try {
        await write(lock);
      } catch (error) {
        failure ??= error;
      }
    }
    running = undefined;
  };
  const schedule = () => {
    dirty = true;
    running ??= pump();
  };

  return {
    record(record) {
      const others = lock.monitors.filter((r) => r.id !== record.id);
      lock = { ...lock, monitors: sortRecords([...others, record]) };
      schedule();
    },
    forget(id) {
      lock = { ...lock, monitors: lock.monitors.filter((r) => r.id !== id) };
      schedule();
    },
    current: () => lock,
    async flush() {
      while (running) await running;
      if (failure) throw failure;
    },
  };
}
