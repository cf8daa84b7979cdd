// A plan over some of the files of a set (`monitors plan monitors/a.yaml`). The whole set is
// loaded (its settings, guards and scope apply, and the other files' monitors are not taken
// for removed), and the plan keeps only the changes of the files named: a delete only for
// a record of a named file, or of a file gone from the set. The others are listed as
// outside the files named and left alone. Pure: files are paths relative to the lock
// file's folder, with `/` separators, as lock records keep them.
import type { LockRecord } from '../lock/types.js';
import type { NotTargeted, Plan, PlannedChange } from './types.js';
import { overwritesUnread } from './unread-fields.js';

export interface FileScope {
  /** The files named on the command line. */
  named: ReadonlySet<string>;
  /** Every file of the set that was loaded. */
  loaded: ReadonlySet<string>;
  /** The files named, as shown to the user. */
  shown: readonly string[];
}

/** Each create or replace records the file that defines its monitor (`fileOf` its source's file). */
export function stampFiles(plan: Plan, fileOf: (sourceFile: string) => string): void {
  for (const change of plan.changes) {
    if (change.lock_record && change.source)
      change.lock_record = { ...change.lock_record, file: fileOf(change.source.file) };
  }
}

/** Whether a record is one the files named may delete: of a named file, or of a file gone from the set. */
export function recordInScope(file: string | undefined, scope: FileScope): boolean {
  // A record without a file (written before records kept it) is left to a whole-set plan.
  return file !== undefined && (scope.named.has(file) || !scope.loaded.has(file));
}

/** The plan narrowed to the files named (see above); the summary counts what is kept. */
export function narrowToFiles(plan: Plan, records: readonly LockRecord[], scope: FileScope): Plan {
  const fileById = new Map(records.map((r) => [r.id, r.file]));
  const inScope = (c: PlannedChange): boolean => {
    if (c.action === 'forget') return true; // sends nothing, deletes nothing
    if (c.action === 'delete') {
      return recordInScope(c.id !== null ? fileById.get(c.id) : undefined, scope);
    }
    const file = c.lock_record?.file;
    return file !== undefined && scope.named.has(file);
  };
  const kept = plan.changes.filter(inScope);
  const outside: NotTargeted[] = plan.changes
    .filter((c) => !inScope(c))
    .map((c) => ({ action: c.action, name: c.name, id: c.id, reason: c.reason }));
  const count = (action: PlannedChange['action']) => kept.filter((c) => c.action === action).length;
  const forget = count('forget');
  const { overwrites_unread: _, ...whole } = plan;
  const unread = overwritesUnread(kept);
  return {
    ...whole,
    summary: {
      ...plan.summary,
      create: count('create'),
      replace: count('replace'),
      delete: count('delete'),
      ...(forget > 0 ? { forget } : {}),
      outside_files: outside.length,
    },
    changes: kept,
    ...(unread ? { overwrites_unread: unread } : {}),
    files: [...scope.shown],
    outside_files: outside,
  };
}
