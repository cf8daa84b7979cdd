// The status page of 10,000 monitors stays under 5 MB (its load time in Chromium is
// measured by `npm run bench -- status-page`), and the page grows linearly with the monitors.
import { describe, expect, it } from 'vitest';
import { renderStatusPage } from '../../src/render/status-page/render-status-page.js';
import { syntheticStatusPage } from './synthetic-status.js';

const NOW = new Date('2026-11-27T12:00:00Z');

describe('the status page of 10,000 monitors', () => {
  it('is under 5 MB, one tile per monitor, the timeline capped', () => {
    const html = renderStatusPage(syntheticStatusPage(10_000, NOW));
    const bytes = Buffer.byteLength(html);
    expect(bytes).toBeLessThan(5 * 1024 * 1024);
    expect(html.match(/<li class="tile /g)).toHaveLength(10_000);
    expect(html.match(/<text class="label" x="254"/g)).toHaveLength(100);
    expect(html).toContain('more monitors with incidents');
    // No outside resource of any kind.
    expect(html).not.toMatch(/\b(src|href)=|@import|url\((?!#)/);
  });
});
