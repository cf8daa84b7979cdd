// The terminal view of the lock file: `lock list` as an aligned table, `lock show` as one
// record field by field. Names come from a file anyone may edit: control characters are
// shown as escapes. Secrets and env-filled fields show as hashes kept, never a value.
import type { Declared, LockRow } from '../lock-view/rows.js';
import { printable } from '../model/printable.js';
import { locationText } from '../model/location-text.js';

const HEAD = ['NAME', 'ID', 'FILE', 'LAST APPLIED'] as const;

export interface LockListView {
  /** The environment whose lock it is; null when the set declares none. */
  environment: string | null;
  /** The lock file, as shown to the user. */
  lockFile: string;
  rows: readonly LockRow[];
  notes: readonly string[];
}

/** One record of the lock, and the lock file it is in (as shown). */
export interface LockRecordView {
  environment: string | null;
  row: LockRow;
  lockFile: string;
}

/** The note of `lock list` on a set with no lock file yet (the text and JSON views both carry it). */
export function noLockYetNote(lockFile: string): string {
  return `there is no lock file at ${lockFile} yet: nothing has been applied from this set`;
}

export function renderLockListText(view: LockListView): string {
  const lines: string[] = [];
  if (view.rows.length > 0) {
    const cells = view.rows.map((r) => [r.name, r.id, declaredText(r.declared), appliedText(r.lastApplied)]);
    const widths = HEAD.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
    const line = (c: readonly string[]) =>
      c.map((cell, i) => (i < c.length - 1 ? cell.padEnd(widths[i]!) : cell)).join('  ');
    lines.push(line(HEAD), ...cells.map((c) => printable(line(c))));
    lines.push('');
  }
  lines.push(...view.notes.map((n) => `note: ${printable(n)}`));
  lines.push(`${count(view.rows.length)} in ${printable(view.lockFile)}.`);
  return `${lines.join('\n')}\n`;
}

export function renderLockShowText(row: LockRow, lockFile: string): string {
  const { record } = row;
  const lines = [
    `name:          ${record.name}`,
    `id:            ${record.id}`,
    `file:          ${declaredText(row.declared)}`,
    `last applied:  ${appliedText(row.lastApplied)}`,
    `fingerprint:   ${record.fingerprint ?? 'none (adopted unverified: the next plan replaces it once)'}`,
    `lock file:     ${lockFile}`,
  ];
  const values = Object.keys(record.values ?? {}).sort();
  if (values.length > 0) {
    lines.push('values last written:');
    for (const field of values) lines.push(`  ${field}: ${JSON.stringify(record.values![field])}`);
  } else if (!record.values) lines.push('values last written: not recorded (a record from before values were kept)');
  const hashed = [...Object.keys(record.fields ?? {}), ...Object.keys(record.secrets ?? {})].sort();
  if (hashed.length > 0) lines.push(`kept as hashes only (secrets, \${env:...}): ${hashed.join(', ')}`);
  return `${lines.map(printable).join('\n')}\n`;
}

export function declaredText(declared: Declared): string {
  switch (declared.kind) {
    case 'monitor':
      return locationText({ file: declared.at.file, line: declared.at.line });
    case 'removed':
      return `removed: at ${locationText({ file: declared.at.file, line: declared.at.line })}`;
    case 'absent':
      return '(not in the YAML)';
  }
}

function appliedText(at: string | null | undefined): string {
  if (at === undefined) return 'unknown (no git history)';
  if (at === null) return 'not committed yet';
  return at;
}

const count = (n: number) => `${n} record${n === 1 ? '' : 's'}`;
