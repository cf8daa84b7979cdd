import type { LockRecord } from './types.js';

/** The lock's record order: by name, then id (sorts in place and returns the array). */
export function sortRecords(records: LockRecord[]): LockRecord[] {
  return records.sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
