// The pull-request and job-summary view of a status report: the summary line (naming its
// environment) and what fails the run outside a <details> block, then a table of the
// monitors, problems first, open when one is down or degraded or has an open incident,
// cut to fit a comment (GitHub refuses more than 65,536 characters).
import type { StatusReport, StatusRow } from '../status/types.js';
import { linesThatFit } from './markdown-fit.js';
import { code, inline } from './markdown-text.js';
import { failingLine, problemsFirst, rowNotes, statusLabel, statusSummaryLine } from './status-common.js';

/** Below GitHub's 65,536 characters, with room for a heading a CI job may put above it. */
export const STATUS_MARKDOWN_BUDGET = 60_000;

const ICON: Readonly<Record<string, string>> = {
  up: '🟢',
  degraded: '🟡',
  awaiting_allowlist: '🟡',
  down: '🔴',
  unknown: '❔',
};

export function renderStatusMarkdown(report: StatusReport, budget = STATUS_MARKDOWN_BUDGET): string {
  const head = [`**${inline(statusSummaryLine(report, report.environment))}**`];
  const failing = failingLine(report, (name) => code(name));
  if (failing) head.push('', `**${failing.replace(/^(Failing \([^)]*\)):/, '$1:**')}`);
  const notes = report.notes.map((n) => `_${inline(n)}_`);
  if (report.monitors.length === 0) return `${[...head, ...notes.flatMap((n) => ['', n])].join('\n')}\n`;
  const table = ['| Status | Monitor | Last check | Next check | Open incidents |', '|---|---|---|---|---|'];
  const ordered = problemsFirst(report.monitors);
  // The room left by everything else, and 200 characters for the frame and the cut's own line.
  const fitting = linesThatFit(ordered.map(rowOf), budget - [...head, ...table, ...notes].join('\n').length - 200);
  const rows = [...table, ...fitting];
  const cut = ordered.length - fitting.length;
  const tail =
    cut > 0
      ? [
          `**Cut to fit a comment:** ${cut} monitor${cut === 1 ? '' : 's'} left out (the least severe); \`monitors status --format json\` lists them all.`,
          '',
        ]
      : [];
  const problems = report.monitors.some(
    (r) => r.status === 'down' || r.status === 'degraded' || (r.open_incidents?.length ?? 0) > 0,
  );
  const n = ordered.length;
  return `${[
    ...head,
    '',
    `<details${problems ? ' open' : ''}>`,
    `<summary>Show ${n} monitor${n === 1 ? '' : 's'}</summary>`,
    '',
    ...rows,
    '',
    ...tail,
    ...notes.flatMap((note) => [note, '']),
    '</details>',
  ].join('\n')}\n`;
}

function rowOf(r: StatusRow): string {
  const label = `${ICON[r.status ?? ''] ?? '⚪'} ${inline(statusLabel(r))}`;
  const notes = rowNotes(r);
  const monitor = `${code(r.name, true)}${notes.length > 0 ? `<br>_${inline(notes.join('; '))}_` : ''}`;
  const incidents =
    r.open_incidents === null
      ? 'not read'
      : r.open_incidents
          .map((i) => `since ${inline(i.opened_at)} (${inline(i.severity)}, ${inline(i.status)}): ${inline(i.summary)}`)
          .join('<br>');
  return `| ${label} | ${monitor} | ${inline(r.last_check_at ?? '-')} | ${inline(r.next_check_at ?? '-')} | ${incidents} |`;
}
