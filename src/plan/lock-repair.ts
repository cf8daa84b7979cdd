// A lock file that holds one id more than once (two versions of the file merged by git,
// or a hand edit) is repaired from the listing rather than refused: the server's name for
// the id says which record is the monitor's. Pure: data in, data out.
import type { LockFile, LockRecord } from '../lock/types.js';
import type { LiveMonitor } from '../model/monitor.js';
import { nameKey } from './match.js';

export interface LockRepair {
  /** The lock with one record per id at most (the same object when nothing needed repair). */
  lock: LockFile;
  /** For the plan's notes: which records were dropped, and why. */
  notes: string[];
}

/**
 * Per id recorded more than once: a live monitor keeps the record of the name the server
 * gives it, and loses the others; when none has that name, all go (the monitor is then
 * matched by its name like any unrecorded one: replaced once as not verifiable, or listed
 * as unmanaged). An id not live keeps one record, which the plan then finds stale.
 */
export function repairDuplicateIds(lock: LockFile, live: readonly LiveMonitor[]): LockRepair {
  const byId = new Map<string, LockRecord[]>();
  for (const r of lock.monitors) {
    const same = byId.get(r.id);
    if (same) same.push(r);
    else byId.set(r.id, [r]);
  }
  if (byId.size === lock.monitors.length) return { lock, notes: [] };
  const liveById = new Map(live.map((l) => [l.id, l]));
  const drop = new Set<LockRecord>();
  const notes: string[] = [];
  for (const [id, records] of byId) {
    if (records.length < 2) continue;
    const names = records.map((r) => `"${r.name}"`).join(' and as ');
    const l = liveById.get(id);
    const kept = l ? records.find((r) => nameKey(r.name) === nameKey(l.name)) : records[0];
    for (const r of records) if (r !== kept) drop.add(r);
    const lead = `the lock file holds ${id} ${records.length === 2 ? 'twice' : `${records.length} times`}, as ${names}`;
    if (!l) notes.push(`${lead}; it no longer exists on the server, and its records are dropped.`);
    else if (kept) {
      const dropped = records.filter((r) => r !== kept).map((r) => `"${r.name}"`);
      notes.push(
        `${lead}; the server names it "${l.name}": the record${dropped.length > 1 ? 's' : ''} ${dropped.join(' and ')} ${dropped.length > 1 ? 'are' : 'is'} dropped, and the next apply writes the lock without ${dropped.length > 1 ? 'them' : 'it'}.`,
      );
    } else
      notes.push(
        `${lead}; the server names it "${l.name}", neither: its records are dropped, and it is matched by its name like a monitor the lock file does not know.`,
      );
  }
  return { lock: { ...lock, monitors: lock.monitors.filter((r) => !drop.has(r)) }, notes };
}
