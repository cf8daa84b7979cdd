// `removed:` entries (Terraform's `removed` block with destroy = false): each names a
// monitor to stop managing. Its lock record goes (a "forget" in the plan), nothing is
// sent, and the monitor stays live, unmanaged. Identity is the name the lock file records.
import { MonitorsError } from '../errors.js';
import type { LockRecord } from '../lock/types.js';
import { closestNames } from '../model/did-you-mean.js';
import type { LiveMonitor, RemovedEntry } from '../model/monitor.js';
import { nameKey } from './match.js';
import { describeReason } from './reasons.js';
import type { PlannedChange } from './types.js';
import { locationText } from '../model/location-text.js';

export interface Forgets {
  changes: PlannedChange[];
  /** Ids of the records forgotten: their monitors are neither deleted nor listed as unmanaged. */
  ids: ReadonlySet<string>;
  /** The entries' names (nameKey): such a monitor is never deleted through settings.scope while its entry stays. */
  names: ReadonlySet<string>;
  /** Entries that name no record (already forgotten, gone, or a typo): said once the deletes are known (entryNotes). */
  unknown: RemovedEntry[];
}

export function planForgets(
  removed: readonly RemovedEntry[],
  records: readonly LockRecord[],
  live: readonly LiveMonitor[],
): Forgets {
  const recordByName = new Map(records.map((r) => [nameKey(r.name), r]));
  const recordById = new Map(records.map((r) => [r.id, r]));
  const liveById = new Map(live.map((l) => [l.id, l]));
  const changes: PlannedChange[] = [];
  const ids = new Set<string>();
  const unknown: RemovedEntry[] = [];
  for (const entry of removed) {
    const key = nameKey(entry.name);
    // The record of that name; else the record of the live monitor of that name (renamed outside the tool since).
    const record =
      recordByName.get(key) ??
      live.filter((l) => nameKey(l.name) === key).flatMap((l) => recordById.get(l.id) ?? [])[0];
    if (!record) {
      unknown.push(entry);
      continue;
    }
    ids.add(record.id);
    const gone = !liveById.has(record.id);
    changes.push({
      action: 'forget',
      name: record.name,
      id: record.id,
      reason: 'forgotten',
      reason_text: `${describeReason('forgotten')}${gone ? ' (it no longer exists on the server either)' : ''}`,
      fields: [],
      source: { file: entry.source.file, line: entry.source.line, col: entry.source.col },
    });
  }
  return { changes, ids, names: new Set(removed.map((r) => nameKey(r.name))), unknown };
}

/**
 * What the plan says of entries that name no lock record. A live monitor of that name is
 * already unmanaged (forgotten by an earlier apply): a note. No monitor at all: a warning
 * (a typo, or the monitor is gone). A name near one this very plan deletes is an error:
 * the entry was surely meant to keep that monitor, and the plan would delete it.
 */
export function entryNotes(
  unknown: readonly RemovedEntry[],
  records: readonly LockRecord[],
  live: readonly LiveMonitor[],
  deleting: ReadonlySet<string>,
): { warnings: string[]; notes: string[] } {
  const warnings: string[] = [];
  const notes: string[] = [];
  if (unknown.length === 0) return { warnings, notes };
  const liveNames = new Set(live.map((l) => nameKey(l.name)));
  for (const entry of unknown) {
    const at = locationText(entry.source);
    if (liveNames.has(nameKey(entry.name))) {
      notes.push(
        `${at}: removed: "${entry.name}" is not in the lock file: it is unmanaged already (forgotten by an earlier apply); remove the entry once every environment has applied it.`,
      );
      continue;
    }
    const near = closestNames(
      entry.name,
      records.map((r) => r.name),
    );
    const deleted = near.find((name) => deleting.has(nameKey(name)));
    if (deleted !== undefined) {
      throw new MonitorsError(
        'PLAN_REMOVED_UNKNOWN',
        `${at}: removed: "${entry.name}" names no monitor the lock file manages; did you mean "${deleted}", which this plan would delete?`,
        {
          hint: 'Write the name as the lock file records it (the name it had in the YAML), or remove the entry. Nothing was changed.',
        },
      );
    }
    warnings.push(
      `${at}: removed: "${entry.name}" names no monitor the lock file manages, nor a live one: nothing to forget${near.length > 0 ? `; did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}`,
    );
  }
  return { warnings, notes };
}
