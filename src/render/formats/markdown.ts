import { renderCheckMarkdown } from '../check-markdown.js';
import { renderPlanMarkdown } from '../plan-markdown.js';
import { renderStatusMarkdown } from '../status-markdown.js';
import type { OutputFormat } from './subjects.js';

export const markdown = {
  name: 'markdown',
  description: 'for a pull request comment or a job summary',
  renders: {
    plan: (plan) => renderPlanMarkdown(plan),
    check: (report) => renderCheckMarkdown(report),
    status: ({ report }) => renderStatusMarkdown(report),
  },
} as const satisfies OutputFormat<'markdown'>;
