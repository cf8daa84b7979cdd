// The lock's creates in flight, settled from the listing. Apply writes an entry before a
// create goes out and drops it once the create's outcome is known, so an entry found by a
// plan is a create whose outcome nobody learned: the apply was killed with the request in
// flight, or its answer was lost and the retries ran out. The server may have made the
// monitor. If it did, the monitor is this repository's own, and without this it would be
// unmanaged (never deleted) as soon as the YAML no longer has its name. Pure: data in, data out.
import type { CreateSettled } from '../lock/pending-creates.js';
import type { LockFile, LockRecord, PendingCreate } from '../lock/types.js';
import type { LiveMonitor } from '../model/monitor.js';
import { visibleDifferences } from './compare.js';
import { keyForGeneration } from './idempotency-key.js';
import { nameKey } from './match.js';
import type { PlannedChange } from './types.js';

/** The input fields of spec 2.2: what any listing shows of the monitor a create makes. */
const LISTED = ['type', 'url', 'method', 'interval_seconds', 'timeout_seconds'] as const;

/**
 * The lock's entry for a create about to be sent, written at `since`. What it keeps of the
 * body comes from the record the create will have (lock-record.ts: values as written, never
 * a secret nor a value from `${env:...}`), so the entry holds nothing the record would not.
 */
export function pendingEntryOf(change: PlannedChange, since: string): PendingCreate {
  const values = change.lock_record?.values ?? {};
  const listed = Object.fromEntries(LISTED.filter((f) => Object.hasOwn(values, f)).map((f) => [f, values[f]]));
  return {
    name: change.name,
    key: keyForGeneration(change, 0),
    since,
    ...(Object.keys(listed).length > 0 ? { listed } : {}),
  };
}

/**
 * How far the server's clock may be behind the applying machine's: a monitor created
 * earlier than an entry's `since` by more than this cannot be that create's.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

export interface PendingSettlement {
  /** Records for the live monitors taken as these creates' own: no fingerprint (not verifiable). */
  adopted: LockRecord[];
  /** One per entry, with the note that says what became of it (none when a record already has its monitor). */
  entries: { settled: CreateSettled; note?: string }[];
}

/**
 * Per entry, the live monitors of its name:
 * - one that a lock record has (the create was recorded after all): nothing to do;
 * - none: the create never took;
 * - exactly one, no record has it, and the server dates it no earlier than the entry (less
 *   CLOCK_SKEW_MS): the monitor that create made, recorded as managed, without a fingerprint;
 * - two or more: which one the create made cannot be told, and none is taken (two live
 *   monitors under a name the YAML asks for stop the plan anyway, as always);
 * - one dated before the entry, or with no readable created_at, or that shows another type,
 *   url, method, interval or timeout than the create sent: not that create's (a monitor
 *   made in the dashboard under the name, say), and never deleted on the entry's word.
 * Every entry is settled (dropped by the next apply): an entry stands for one create, and
 * after this listing there is nothing more to learn about it.
 */
export function settlePendingCreates(
  pending: readonly PendingCreate[],
  live: readonly LiveMonitor[],
  records: readonly LockRecord[],
): PendingSettlement {
  const recorded = new Set(records.map((r) => r.id));
  const byName = new Map<string, LiveMonitor[]>();
  for (const l of live) {
    const key = nameKey(l.name);
    const same = byName.get(key);
    if (same) same.push(l);
    else byName.set(key, [l]);
  }
  const adopted: LockRecord[] = [];
  const entries: PendingSettlement['entries'] = [];
  for (const p of pending) {
    const found = byName.get(nameKey(p.name)) ?? [];
    const drop = (note?: string) =>
      entries.push({ settled: { key: p.key, name: p.name, id: null }, ...(note ? { note } : {}) });
    const lead = `"${p.name}" was being created by an apply that was interrupted or never heard back (the lock file has said so since ${p.since})`;
    if (found.some((l) => recorded.has(l.id))) drop();
    else if (found.length === 0)
      drop(`${lead}; no monitor has that name: the create never took, and the entry is dropped.`);
    else if (found.length > 1)
      drop(
        `${lead}; ${found.length} live monitors have that name (${found.map((l) => l.id).join(', ')}), so which one it made cannot be told: none is taken as managed, and the entry is dropped.`,
      );
    else {
      const l = found[0]!;
      const made = Date.parse(l.created_at);
      const otherwise = listedOtherwise(p, l);
      if (Number.isNaN(made))
        drop(
          `${lead}; the server gives no creation time for ${l.id}, so it cannot be told apart from a monitor made in the dashboard: it is not taken as managed, and the entry is dropped.`,
        );
      else if (made < Date.parse(p.since) - CLOCK_SKEW_MS)
        drop(
          `${lead}; ${l.id} of that name was created at ${l.created_at}, before that apply began: it is not taken as managed, and the entry is dropped.`,
        );
      else if (otherwise.length > 0)
        drop(
          `${lead}; ${l.id} of that name shows another ${otherwise.join(', ')} than that create sent: it is not taken as managed, and the entry is dropped.`,
        );
      else {
        recorded.add(l.id);
        adopted.push({ id: l.id, name: l.name, fingerprint: null });
        entries.push({
          settled: { key: p.key, name: l.name, id: l.id },
          note: `"${l.name}" (${l.id}) was created by an apply that was interrupted before recording it (the lock file has said since ${p.since} that its create was going out): it is managed by this repository.`,
        });
      }
    }
  }
  return { adopted, entries };
}

/** The fields the entry keeps whose value the live monitor does not have (compared by meaning). */
function listedOtherwise(p: PendingCreate, l: LiveMonitor): string[] {
  const listed = p.listed;
  return listed ? visibleDifferences(listed, l).filter((f) => Object.hasOwn(listed, f)) : [];
}

/** The reason a change of a monitor taken from a create in flight adds to its own. */
export const CREATED_UNRECORDED = 'created by an apply that was interrupted before recording it';

export interface LockWithCreatesInFlight extends PendingSettlement {
  /** The lock's records, then those of the monitors its creates in flight made. */
  records: LockRecord[];
  /** The ids of the monitors taken from creates in flight. */
  adoptedIds: ReadonlySet<string>;
}

/** The records every reader of a lock (plan, destroy, status) works from: the lock's, with its creates in flight settled from `live`. */
export function withCreatesInFlight(
  lock: Pick<LockFile, 'monitors' | 'pending_creates'> | undefined,
  live: readonly LiveMonitor[],
): LockWithCreatesInFlight {
  const recorded = lock?.monitors ?? [];
  const settlement = settlePendingCreates(lock?.pending_creates ?? [], live, recorded);
  return {
    ...settlement,
    records: settlement.adopted.length > 0 ? [...recorded, ...settlement.adopted] : recorded,
    adoptedIds: new Set(settlement.adopted.map((r) => r.id)),
  };
}
