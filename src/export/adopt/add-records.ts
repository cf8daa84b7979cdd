// The adopted monitors' records go into the repository's lock file beside the others,
// which stay as they are. The lock is stable sorted JSON written record by record
// (src/lock/lock-file.ts), so when the file is in that form, writing it again with the new
// records keeps every other record's text byte for byte. A lock file in another layout
// (edited by hand) keeps its records' content but not its layout, and the caller says so;
// one holding what this version cannot write back (fields it does not know) is refused.
import { isDeepStrictEqual } from 'node:util';
import { MonitorsError } from '../../errors.js';
import type { LockFile, LockRecord } from '../../lock/types.js';

export interface LockOnDisk {
  text: string;
  lock: LockFile;
}

export interface AddedRecords {
  lock: LockFile;
  text: string;
  /** No lock file existed: a new one (fresh salt) holds the adopted records alone. */
  created: boolean;
  /** The existing file was not in monitors' own layout: rewritten in it (same content). */
  relaid: boolean;
}

export interface LockCodec {
  newLock(): LockFile;
  serializeLock(lock: LockFile): string;
}

export function addRecords(
  existing: LockOnDisk | undefined,
  records: readonly LockRecord[],
  codec: LockCodec,
  display: string,
): AddedRecords {
  const base = existing?.lock ?? codec.newLock();
  const lock: LockFile = { ...base, monitors: [...base.monitors, ...records] };
  const text = codec.serializeLock(lock);
  if (!existing) return { lock, text, created: true, relaid: false };
  const rewritten = codec.serializeLock(existing.lock);
  if (rewritten === existing.text) return { lock, text, created: false, relaid: false };
  if (!isDeepStrictEqual(JSON.parse(rewritten), JSON.parse(existing.text))) {
    throw new MonitorsError(
      'EXPORT_LOCK_NOT_KEPT',
      `the lock file ${display} holds more than this version of monitors writes back (a newer version's fields?): adding records would drop it; nothing was written`,
      { hint: 'Run the version of monitors that wrote the lock file (the one your pipeline uses).' },
    );
  }
  return { lock, text, created: false, relaid: true };
}
