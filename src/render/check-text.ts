// The terminal view of a check report: one line per monitor, problems first, then the
// summary. Names and reasons may quote servers: control characters are shown as escapes.
import type { CheckReport, CheckStatus } from '../check/types.js';
import { checkSummaryLine, problemsFirst, STATUS_LABEL } from './check-common.js';
import { printable } from '../model/printable.js';

const COLOR: Readonly<Record<CheckStatus, string>> = {
  up: '\u001b[32m',
  degraded: '\u001b[33m',
  down: '\u001b[31m',
  not_checked: '\u001b[90m',
};
const RESET = '\u001b[0m';

export function renderCheckText(report: CheckReport, options: { color: boolean }): string {
  const lines: string[] = [];
  const width = Math.max(...Object.values(STATUS_LABEL).map((l) => l.length));
  for (const r of problemsFirst(report.results)) {
    const label = STATUS_LABEL[r.status].padEnd(width);
    const shown = options.color ? `${COLOR[r.status]}${label}${RESET}` : label;
    lines.push(`${shown}  ${printable(r.name)} (${r.type} ${printable(r.target)}): ${printable(r.reason)}`);
  }
  for (const note of report.notes) lines.push(printable(note));
  if (lines.length > 0) lines.push('');
  lines.push(checkSummaryLine(report));
  return `${lines.join('\n')}\n`;
}
