// The status page of docs/status-page.png (docs/reports.md): two environments of a shop, with
// names as long as real ones (service, region, what is checked), made as `monitors status
// --format html` makes it. Run after a build to write it, then let headless Chromium take
// the picture:
//   node dist/tests/reports/screenshot-page.js > /tmp/status.html
//   chromium --headless --hide-scrollbars --window-size=1200,1500 --screenshot=docs/status-page.png /tmp/status.html
import { renderStatusPage } from '../../src/render/status-page/render-status-page.js';
import type { StatusPage } from '../../src/status/page-data.js';
import { syntheticStatusPage } from './synthetic-status.js';

const REGIONS = ['eu-west-1', 'us-east-1', 'ap-southeast-2'];
const WHAT: Record<string, string[]> = {
  shop: ['home page', 'checkout (card provider callback)', 'basket'],
  search: ['query API', 'autocomplete'],
  payments: ['webhook receiver', 'refunds API'],
  blog: ['front page', 'comments'],
  api: ['orders v2 health', 'inventory sync'],
  misc: ['mail relay', 'TLS certificate of example.com'],
};

/** Monitor i of its group (every sixth monitor is in the same group): what it checks, then where. */
const nameOf = (i: number, group: string | null): string => {
  const what = WHAT[group ?? 'misc']!;
  const j = Math.floor(i / 6);
  return `${group ?? 'misc'}: ${what[j % what.length]} ${REGIONS[Math.floor(j / what.length) % REGIONS.length]}`;
};

export function screenshotPage(now: Date): StatusPage {
  const staging = syntheticStatusPage(12, now, 30, { environment: 'staging', nameOf });
  const production = syntheticStatusPage(24, now, 30, { environment: 'production', nameOf });
  return { ...production, environments: [...staging.environments, ...production.environments] };
}

if (process.argv[1]?.endsWith('screenshot-page.js'))
  process.stdout.write(renderStatusPage(screenshotPage(new Date('2026-11-27T12:00:00Z'))));
