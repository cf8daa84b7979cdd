import { printable } from '../../model/printable.js';
import { waitReportLines } from '../../wait/report.js';
import { renderCheckText } from '../check-text.js';
import { diagnosticLine, summaryLine } from '../diagnostics.js';
import { renderEnvironmentsText } from '../environments.js';
import { renderLockListText, renderLockShowText } from '../lock-text.js';
import { renderPlanText } from '../plan-text.js';
import { renderStatusText } from '../status-text.js';
import type { ApplyOutput, OutputFormat } from './subjects.js';

export const text = {
  name: 'text',
  description: 'for people',
  renders: {
    plan: (plan, { color }) => renderPlanText(plan, { color }),
    apply: (output) => applyEnd(output),
    check: (report, { color }) => renderCheckText(report, { color }),
    status: ({ report }, { color }) => renderStatusText(report, { color }),
    validation: ({ summary, annotations }) =>
      `${[...summary.diagnostics.map(diagnosticLine), ...annotations, summaryLine(summary)].join('\n')}\n`,
    environments: (entries) => renderEnvironmentsText(entries),
    lock: (view) => renderLockListText(view),
    lockRecord: ({ row, lockFile }) => renderLockShowText(row, lockFile),
  },
} as const satisfies OutputFormat<'text'>;

/** Apply's progress and report are written as it runs; what is left at the end is --wait's report. */
function applyEnd({ wait }: ApplyOutput): string {
  if (!wait) return '';
  const lines =
    wait.monitors.length === 0
      ? ['Nothing to wait for: the apply created or replaced no monitor.']
      : waitReportLines(wait);
  return `${lines.map(printable).join('\n')}\n`;
}
