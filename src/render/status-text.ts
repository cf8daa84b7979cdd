// The terminal view of a status report: an aligned table, problems first, each open
// incident under its monitor, then notes, the summary line and what fails the run. Names,
// statuses and summaries come from the server: control characters are shown as escapes.
import { printable } from '../model/printable.js';
import type { StatusReport, StatusRow } from '../status/types.js';
import { failingLine, problemsFirst, rowNotes, statusLabel, statusSummaryLine } from './status-common.js';

const COLOR: Readonly<Record<string, string>> = {
  up: '\u001b[32m',
  degraded: '\u001b[33m',
  awaiting_allowlist: '\u001b[33m',
  down: '\u001b[31m',
  unknown: '\u001b[35m',
};
const GREY = '\u001b[90m';
const RESET = '\u001b[0m';
const HEAD = ['STATUS', 'MONITOR', 'LAST CHECK', 'NEXT CHECK', 'ID'] as const;

export function renderStatusText(report: StatusReport, options: { color: boolean }): string {
  const lines: string[] = [];
  if (report.environment !== null) lines.push(`Environment: ${printable(report.environment)}`);
  const rows = problemsFirst(report.monitors);
  if (rows.length > 0) {
    const cells = rows.map(cellsOf);
    const widths = HEAD.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
    const line = (c: readonly string[]) => c.map((cell, i) => (i < c.length - 1 ? cell.padEnd(widths[i]!) : cell));
    lines.push(line(HEAD).join('  '));
    const indent = ' '.repeat(widths[0]! + 2);
    rows.forEach((row, r) => {
      const [label, ...rest] = line(cells[r]!);
      const notes = rowNotes(row);
      const tail = notes.length > 0 ? `  (${printable(notes.join('; '))})` : '';
      lines.push(`${[paint(label!, row, options.color), ...rest].join('  ')}${tail}`);
      for (const i of row.open_incidents ?? [])
        lines.push(printable(`${indent}open incident since ${i.opened_at} (${i.severity}, ${i.status}): ${i.summary}`));
    });
  }
  if (report.notes.length > 0) lines.push('', ...report.notes.map((n) => `note: ${printable(n)}`));
  if (lines.length > 0) lines.push('');
  lines.push(printable(statusSummaryLine(report)));
  const failing = failingLine(report, (name) => JSON.stringify(name));
  if (failing) lines.push(printable(failing));
  return `${lines.join('\n')}\n`;
}

function cellsOf(row: StatusRow): string[] {
  return [statusLabel(row), row.name, row.last_check_at ?? '-', row.next_check_at ?? '-', row.id ?? '-'].map(printable);
}

function paint(label: string, row: StatusRow, color: boolean): string {
  if (!color) return label;
  const code = row.status === null ? GREY : (COLOR[row.status] ?? GREY);
  return `${code}${label}${RESET}`;
}
