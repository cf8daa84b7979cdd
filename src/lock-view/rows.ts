// What `monitors lock list` and `lock show` say of each record: the lock's own fields, where
// the YAML declares the monitor now (or that it no longer does), and when the record last
// changed. Pure: the caller reads the lock, the YAML and git.
import type { LockFile, LockRecord } from '../lock/types.js';
import { compareText } from '../model/compare-text.js';
import type { DesiredState, SourcePos } from '../model/monitor.js';

/** Where the YAML has a record's monitor: declared, listed under `removed:`, or nowhere. */
export type Declared = { kind: 'monitor'; at: SourcePos } | { kind: 'removed'; at: SourcePos } | { kind: 'absent' };

export interface LockRow {
  name: string;
  id: string;
  declared: Declared;
  /** When the record's fingerprint last changed in a commit (ISO 8601); null: not committed; undefined: unknown. */
  lastApplied: string | null | undefined;
  record: LockRecord;
}

/** One row per record, in the order people read names, then by id. */
export function lockRows(
  lock: LockFile,
  desired: Pick<DesiredState, 'monitors' | 'removed'>,
  applied: ReadonlyMap<string, string | null>,
): LockRow[] {
  const monitors = new Map(desired.monitors.map((m) => [m.name, m.source]));
  const removed = new Map((desired.removed ?? []).map((r) => [r.name, r.source]));
  return [...lock.monitors]
    .sort((a, b) => compareNames(a.name, b.name) || compareText(a.id, b.id))
    .map((record) => ({
      name: record.name,
      id: record.id,
      declared: declaredAt(record.name, monitors, removed),
      lastApplied: applied.has(record.id) ? applied.get(record.id)! : undefined,
      record,
    }));
}

function declaredAt(
  name: string,
  monitors: ReadonlyMap<string, SourcePos>,
  removed: ReadonlyMap<string, SourcePos>,
): Declared {
  const at = monitors.get(name);
  if (at) return { kind: 'monitor', at };
  const gone = removed.get(name);
  return gone ? { kind: 'removed', at: gone } : { kind: 'absent' };
}

// As people read names: case aside, numbers by value (check-2 before check-10).
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const compareNames = (a: string, b: string) => collator.compare(a, b) || compareText(a, b);
