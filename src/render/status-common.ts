// What the views of a status report share: the order of rows (problems first), the label
// of a status, the notes on a row, the summary line and the failing line.
import type { StatusReport, StatusRow } from '../status/types.js';

/** Problems first: down, degraded, a status the spec does not list, then the states a check has not concluded, then up. */
const RANK: Readonly<Record<string, number>> = {
  down: 0,
  degraded: 1,
  unknown: 2,
  awaiting_allowlist: 3,
  pending: 4,
  not_created: 5,
  maintenance: 6,
  paused: 7,
  up: 8,
};

export function problemsFirst(rows: readonly StatusRow[]): StatusRow[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => rankOf(a.row) - rankOf(b.row) || a.i - b.i)
    .map(({ row }) => row);
}

const rankOf = (row: StatusRow) => RANK[row.status ?? 'not_created'] ?? RANK.unknown!;

/** The status as shown: the spec's word, a status outside the spec as the server sent it, or "not created". */
export function statusLabel(row: StatusRow): string {
  if (row.status === null) return 'not created';
  return row.status === 'unknown' ? (row.server_status ?? '') : row.status;
}

/** What a row's status and name do not say, as short phrases. */
export function rowNotes(row: StatusRow): string[] {
  const notes: string[] = [];
  if (row.state === 'not_created') notes.push('the next apply creates it');
  if (row.state === 'not_in_yaml') notes.push('managed, in no YAML entry: the next apply deletes it');
  if (row.live_name !== undefined) notes.push(`named "${row.live_name}" on the server: the next apply renames it`);
  if (row.status === 'unknown') notes.push('a status the spec does not list');
  if (row.note) notes.push(row.note);
  return notes;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * `Status: 2 up, 0 degraded, 1 down, 1 not created (4 managed monitors); 1 open incident; 3 unmanaged monitors not shown.`
 * With `environment` (the Markdown view, which has no other heading): `Status in staging: ...`.
 */
export function statusSummaryLine(report: StatusReport, environment?: string | null): string {
  const s = report.summary;
  const where = environment ? ` in ${environment}` : '';
  const unmanaged = s.unmanaged > 0 ? `; ${plural(s.unmanaged, 'unmanaged monitor')} not shown` : '';
  if (s.managed === 0) return `Status${where}: no managed monitors${unmanaged}.`;
  const b = s.by_status;
  const parts = [`${b.up} up`, `${b.degraded} degraded`, `${b.down} down`];
  for (const key of ['pending', 'paused', 'maintenance', 'awaiting_allowlist'] as const)
    if (b[key] > 0) parts.push(`${b[key]} ${key}`);
  if (b.unknown > 0) parts.push(`${b.unknown} with another status`);
  if (s.not_created > 0) parts.push(`${s.not_created} not created`);
  const incidents = s.open_incidents === null ? 'open incidents not read' : plural(s.open_incidents, 'open incident');
  return `Status${where}: ${parts.join(', ')} (${plural(s.managed, 'managed monitor')}); ${incidents}${unmanaged}.`;
}

/** `Failing (--fail-on down): "shop: checkout" is down.`, or undefined when nothing fails. */
export function failingLine(report: StatusReport, quote: (name: string) => string): string | undefined {
  const failing = problemsFirst(report.monitors.filter((r) => r.failing));
  if (failing.length === 0) return undefined;
  const shown = failing.slice(0, 5).map((r) => `${quote(r.name)} is ${statusLabel(r)}`);
  const more = failing.length > 5 ? ` and ${failing.length - 5} more` : '';
  return `Failing (--fail-on ${report.fail_on ?? ''}): ${shown.join(', ')}${more}.`;
}
