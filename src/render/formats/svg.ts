import { renderBadge, statusBadge } from '../badge/render-badge.js';
import type { OutputFormat } from './subjects.js';

export const svg = {
  name: 'svg',
  description: 'a badge for a README',
  renders: {
    status: ({ report }) => renderBadge(statusBadge(report)),
  },
} as const satisfies OutputFormat<'svg'>;
