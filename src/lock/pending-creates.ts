// The lock file's creates in flight (see PendingCreate in types.ts): their order, and what
// becomes of them once a plan has asked the listing about them. Pure: data in, data out.
import { compareText } from '../model/compare-text.js';
import { sortRecords } from './sort-records.js';
import type { LockFile, PendingCreate } from './types.js';

/** How a plan settled one entry: `id` is the live monitor taken as that create's, null when none is. */
export interface CreateSettled {
  key: string;
  name: string;
  id: string | null;
}

/** The entries in the lock's order: by name, then key (sorts in place and returns the array). */
export function sortPending(entries: PendingCreate[]): PendingCreate[] {
  return entries.sort((a, b) => compareText(a.name, b.name) || compareText(a.key, b.key));
}

/** `lock` with `entries` as its creates in flight (the key left out when there are none). */
export function withPending(lock: LockFile, entries: readonly PendingCreate[]): LockFile {
  const { pending_creates: _, ...rest } = lock;
  return entries.length > 0 ? { ...rest, pending_creates: sortPending([...entries]) } : rest;
}

/**
 * The lock after a plan settled some of its entries: each goes, and a monitor taken as a
 * create's own is recorded, without a fingerprint (the next plan replaces it once as "not
 * verifiable", or deletes it when the YAML no longer has it), unless its id is recorded.
 */
export function settlePending(lock: LockFile, settled: readonly CreateSettled[] | undefined): LockFile {
  if (!settled || settled.length === 0) return lock;
  const keys = new Set(settled.map((s) => s.key));
  const recorded = new Set(lock.monitors.map((r) => r.id));
  const adopted = settled.flatMap((s) => {
    if (s.id === null || recorded.has(s.id)) return [];
    recorded.add(s.id);
    return [{ id: s.id, name: s.name, fingerprint: null }];
  });
  const monitors = adopted.length > 0 ? sortRecords([...lock.monitors, ...adopted]) : lock.monitors;
  return withPending(
    { ...lock, monitors },
    (lock.pending_creates ?? []).filter((p) => !keys.has(p.key)),
  );
}
