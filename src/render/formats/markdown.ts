// The Markdown format in the format registry: which commands render it, and with which renderer.
import type { OutputFormat } from './subjects.js';

export const markdown = {
  name: 'markdown',
  description: 'for a pull request comment or a job summary',
  renders: {
    plan: async (plan) => {
      const { renderPlanMarkdown } = await import('../plan-markdown.js');
      return renderPlanMarkdown(plan);
    },
    check: async (report) => {
      const { renderCheckMarkdown } = await import('../check-markdown.js');
      return renderCheckMarkdown(report);
    },
    status: async ({ report }) => {
      const { renderStatusMarkdown } = await import('../status-markdown.js');
      return renderStatusMarkdown(report);
    },
    coverage: async ({ report }) => {
      const { renderCoverageMarkdown } = await import('../discover-text.js');
      return renderCoverageMarkdown(report);
    },
    everyEnvironment: async ({ command, where, runs }) => {
      const { renderAllMarkdown } = await import('../every-environment/combine.js');
      return renderAllMarkdown(command, where, runs);
    },
  },
} as const satisfies OutputFormat<'markdown'>;
