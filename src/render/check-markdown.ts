// The pull-request view of a check report: the summary line (naming its environment), then a table of results
// (problems first) in a <details> block, open when a monitor is down or degraded, capped
// so that it fits in a comment beside the plan.
import type { CheckReport, CheckStatus } from '../check/types.js';
import { checkSummaryLine, problemsFirst, STATUS_LABEL } from './check-common.js';
import { linesThatFit } from './markdown-fit.js';
import { code, inline } from './markdown-text.js';

/** The check table's share of a 65,536-character comment that also holds the plan. */
export const CHECK_MARKDOWN_BUDGET = 12_000;

const ICON: Readonly<Record<CheckStatus, string>> = { up: '🟢', degraded: '🟡', down: '🔴', not_checked: '⚪' };

export function renderCheckMarkdown(report: CheckReport, budget = CHECK_MARKDOWN_BUDGET): string {
  const head = `**${checkSummaryLine(report, report.environment)}**`;
  const notes = report.notes.map((n) => `_${inline(n)}_`);
  if (report.results.length === 0) return `${[head, ...notes.map((n) => `\n${n}`)].join('\n')}\n`;
  const table = ['| Status | Monitor | Check | Result |', '|---|---|---|---|'];
  const results = problemsFirst(report.results);
  const fitting = linesThatFit(
    results.map(
      (r) =>
        `| ${ICON[r.status]} ${STATUS_LABEL[r.status]} | ${code(r.name, true)} | ${r.type} ${code(r.target, true)} | ${inline(r.reason)} |`,
    ),
    budget - table.join('\n').length,
  );
  const rows = [...table, ...fitting];
  const cut = results.length - fitting.length;
  const tail =
    cut > 0
      ? [
          `**Cut to fit a comment:** ${cut} result${cut === 1 ? '' : 's'} left out (the least severe); the job log has them all.`,
          '',
        ]
      : [];
  const open = report.summary.down + report.summary.degraded > 0 ? ' open' : '';
  const n = results.length;
  return `${[head, '', `<details${open}>`, `<summary>Show ${n} check${n === 1 ? '' : 's'}</summary>`, '', ...rows, '', ...tail, ...notes.flatMap((note) => [note, '']), '</details>'].join('\n')}\n`;
}
