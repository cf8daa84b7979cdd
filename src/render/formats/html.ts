// The HTML status page format in the format registry: which commands render it, and with which
// renderer.
import type { OutputFormat } from './subjects.js';

export const html = {
  name: 'html',
  description: 'a self-contained status page',
  renders: {
    status: async ({ page }) => {
      const { renderStatusPage } = await import('../status-page/render-status-page.js');
      return renderStatusPage(page);
    },
  },
} as const satisfies OutputFormat<'html'>;
