// `lock list --format json` and `lock show --format json`: one document on stdout, snake_case
// keys like the plan's JSON. A record's secret hashes are named, never copied out.
import type { Declared, LockRow } from '../lock-view/rows.js';
import type { LockListView, LockRecordView } from './lock-text.js';

// format_version and environment first, as in every JSON document (docs/json-output.md).
export function renderLockListJson(view: LockListView): string {
  const doc = {
    format_version: 1,
    environment: view.environment,
    lock_file: view.lockFile,
    monitors: view.rows.map(rowJson),
    notes: view.notes,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function renderLockShowJson({ environment, row, lockFile }: LockRecordView): string {
  const { record } = row;
  const doc = {
    format_version: 1,
    environment,
    lock_file: lockFile,
    ...rowJson(row),
    fingerprint: record.fingerprint,
    values: record.values ?? null,
    hashed_fields: Object.keys(record.fields ?? {}).sort(),
    secret_fields: Object.keys(record.secrets ?? {}).sort(),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function rowJson(row: LockRow) {
  return { name: row.name, id: row.id, ...declaredJson(row.declared), last_applied: row.lastApplied ?? null };
}

function declaredJson(declared: Declared) {
  if (declared.kind === 'absent') return { declared: 'absent', file: null, line: null, col: null };
  const { file, line, col } = declared.at;
  return { declared: declared.kind, file, line, col };
}
