// What apply would do to each monitor, from the YAML and the lock file alone: the lock's
// record of a monitor stands for the live monitor (the server is taken to hold what was
// last applied, and the listing is not read), and the planner's own comparison
// (compareMatched) says whether it is created, replaced (which fields changed since the
// last apply, as the lock keeps them) or renamed through `moved:`, or stays unchanged; a
// field whose `${env:NAME}` is unset here is unknown, not changed (unknown-fields.ts).
// Pure: no file, no clock, no network (the lock is read by the caller).
import type { LockFile, LockRecord } from '../../lock/types.js';
import type { DesiredMonitor, LiveMonitor, MovedEntry } from '../../model/monitor.js';
import { nameKey } from '../../plan/match.js';
import { compareMatched } from '../../plan/compare-matched.js';
import { prepareDesired } from '../../plan/prepare.js';
import { fieldsWithUnsetVariables, unknownUntil } from './unknown-fields.js';

/** Fields that differ only for want of a variable: unknown, not changed (unknown-fields.ts). */
export interface Unknown {
  fields: string[];
  variables: string[];
}

export type Verdict =
  | { kind: 'create' }
  | { kind: 'unchanged' }
  | { kind: 'unknown'; unknown: Unknown }
  | { kind: 'replace'; fields: string[]; reason: string; unknown?: Unknown }
  | { kind: 'renamed'; from: string; fields: string[]; unknown?: Unknown };

export function offlineVerdict(
  monitor: DesiredMonitor,
  moved: readonly MovedEntry[],
  lock: LockFile | undefined,
): Verdict {
  const records = new Map((lock?.monitors ?? []).map((r) => [nameKey(r.name), r]));
  let record: LockRecord | undefined = records.get(nameKey(monitor.name));
  let renamedFrom: string | undefined;
  if (!record) {
    const move = moved.find((m) => nameKey(m.to) === nameKey(monitor.name) && records.has(nameKey(m.from)));
    if (move) {
      record = records.get(nameKey(move.from));
      renamedFrom = record?.name;
    }
  }
  if (!record) return { kind: 'create' };
  const live = { id: record.id, name: record.name } as LiveMonitor;
  const change = compareMatched(monitor, prepareDesired(monitor, lock?.salt ?? ''), live, record, renamedFrom);
  const changed = [...new Set((change?.fields ?? []).map((f) => f.field).filter((f) => f !== 'name'))];
  const unset = fieldsWithUnsetVariables(monitor);
  const fields = changed.filter((f) => !unset.has(f));
  const unknownFields = changed.filter((f) => unset.has(f));
  const unknown =
    unknownFields.length > 0
      ? { fields: unknownFields, variables: [...new Set(unknownFields.flatMap((f) => unset.get(f)!))] }
      : undefined;
  if (renamedFrom !== undefined) return { kind: 'renamed', from: renamedFrom, fields, ...(unknown ? { unknown } : {}) };
  if (!change) return { kind: 'unchanged' };
  if (unknown && fields.length === 0) return { kind: 'unknown', unknown };
  return { kind: 'replace', fields, reason: change.reason, ...(unknown ? { unknown } : {}) };
}

/** `create`, `replace: keyword, retry_count changed`, `unchanged`, `renamed from "old"`. */
export function describeVerdict(v: Verdict): string {
  switch (v.kind) {
    case 'create':
      return 'create';
    case 'unchanged':
      return 'unchanged';
    case 'unknown':
      return unknownUntil(v.unknown.variables);
    case 'replace':
      return `${
        v.fields.length > 0
          ? `replace: ${v.fields.join(', ')} changed`
          : v.reason === 'not_verifiable'
            ? 'replace (not verifiable: the lock has no fingerprint)'
            : 'replace'
      }${unknownPart(v.unknown)}`;
    case 'renamed':
      return `renamed from "${v.from}"${v.fields.length > 0 ? `, ${v.fields.join(', ')} changed` : ''}${unknownPart(v.unknown)}`;
  }
}

/** `; auth_secret unknown until ACME_TOKEN is set`, after what is known to change. */
const unknownPart = (u: Unknown | undefined): string =>
  u ? `; ${u.fields.join(', ')} ${unknownUntil(u.variables)}` : '';
