import type { LockRecord } from './types.js';

/** The lock's record order: by name, then id (sorts in place and returns the array). */
export function sortRecords(records: LockRecord[]): LockRecord[] {
  return records.sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
}

/** Strings in code-unit order (the lock file's order, the same on every machine). */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
