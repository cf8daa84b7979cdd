// The SVG badge format in the format registry: which commands render it, and with which renderer.
import type { OutputFormat } from './subjects.js';

export const svg = {
  name: 'svg',
  description: 'a badge for a README',
  renders: {
    status: async ({ report }) => {
      const { renderBadge, statusBadge } = await import('../badge/render-badge.js');
      return renderBadge(statusBadge(report));
    },
  },
} as const satisfies OutputFormat<'svg'>;
