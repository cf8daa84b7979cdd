// The one order of a lock file's records, so that its diffs stay small.
import type { LockRecord } from './types.js';
import { compareText } from '../model/compare-text.js';

/** The lock's record order: by name, then id (sorts in place and returns the array). */
export function sortRecords(records: LockRecord[]): LockRecord[] {
  return records.sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
}
