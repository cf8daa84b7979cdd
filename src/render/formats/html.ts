import { renderStatusPage } from '../status-page/render-status-page.js';
import type { OutputFormat } from './subjects.js';

export const html = {
  name: 'html',
  description: 'a self-contained status page',
  renders: {
    status: ({ page }) => renderStatusPage(page),
  },
} as const satisfies OutputFormat<'html'>;
