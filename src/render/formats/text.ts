// The text format in the format registry: which commands render it, and with which renderer.
import { printable } from '../../model/printable.js';
import { diagnosticLine, summaryLine } from '../diagnostics.js';
import type { ApplyOutput, OutputFormat } from './subjects.js';

export const text = {
  name: 'text',
  description: 'for people',
  renders: {
    plan: async (plan, { color }) => {
      const { renderPlanText } = await import('../plan-text.js');
      return renderPlanText(plan, { color });
    },
    apply: (output) => applyEnd(output),
    check: async (report, { color }) => {
      const { renderCheckText } = await import('../check-text.js');
      return renderCheckText(report, { color });
    },
    status: async ({ report }, { color }) => {
      const { renderStatusText } = await import('../status-text.js');
      return renderStatusText(report, { color });
    },
    validation: ({ summary, annotations }) =>
      `${[...summary.diagnostics.map(diagnosticLine), ...annotations, summaryLine(summary)].join('\n')}\n`,
    environments: async (entries) => {
      const { renderEnvironmentsText } = await import('../environments.js');
      return renderEnvironmentsText(entries);
    },
    lock: async (view) => {
      const { renderLockListText } = await import('../lock-text.js');
      return renderLockListText(view);
    },
    lockRecord: async ({ row, lockFile }) => {
      const { renderLockShowText } = await import('../lock-text.js');
      return renderLockShowText(row, lockFile);
    },
    discovery: async (output) => {
      const { renderDiscoveryYaml } = await import('../discover-text.js');
      return renderDiscoveryYaml(output);
    },
    coverage: async ({ report }) => {
      const { renderCoverageText } = await import('../discover-text.js');
      return renderCoverageText(report);
    },
    everyEnvironment: async ({ command, runs }) => {
      const { renderAllText } = await import('../every-environment/combine.js');
      return renderAllText(command, runs);
    },
  },
} as const satisfies OutputFormat<'text'>;

/** Apply's progress and report are written as it runs; what is left at the end is --wait's report. */
async function applyEnd({ wait }: ApplyOutput): Promise<string> {
  if (!wait) return '';
  const { waitReportLines } = await import('../wait-report.js');
  const lines =
    wait.monitors.length === 0
      ? ['Nothing to wait for: the apply created or replaced no monitor.']
      : waitReportLines(wait);
  return `${lines.map(printable).join('\n')}\n`;
}
