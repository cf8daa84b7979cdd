// The status page of 10,000 monitors (BENCH_SMOKE=1: 1,000, two loads) in Debian's headless Chromium:
// its size against 5 MB, and the time from navigation to the load event with the filters'
// script run (the "N of M shown" line written), median of 5 fresh loads, against 2 s.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderStatusPage } from '../src/render/status-page/render-status-page.js';
import { openBrowser } from '../tests/reports/browser.js';
import { syntheticStatusPage } from '../tests/reports/synthetic-status.js';
import { markdownTable } from './measure-process.js';
import { reportRatio } from './ratios.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const MONITORS = SMOKE ? 1_000 : 10_000;
const ROUNDS = SMOKE ? 2 : 5;
const SIZE_LIMIT = 5 * 1024 * 1024;
const TIME_LIMIT_MS = 2_000;

const dir = mkdtempSync(join(tmpdir(), 'bench-status-page-'));
const browser = await openBrowser();
try {
  const html = renderStatusPage(syntheticStatusPage(MONITORS, new Date()));
  const file = join(dir, 'status.html');
  writeFileSync(file, html);
  const url = pathToFileURL(file).href;
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const page = await browser.context.newPage();
    const started = performance.now();
    await page.goto(url, { waitUntil: 'load' });
    // A string, evaluated in the page: this file is compiled without the DOM's types.
    await page.waitForFunction("document.getElementById('f-shown').textContent !== ''");
    times.push(performance.now() - started);
    await page.close();
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
  const bytes = Buffer.byteLength(html);
  process.stdout.write(
    `${markdownTable(
      ['monitors', 'size', `load (median of ${ROUNDS})`, 'each load'],
      [
        [
          MONITORS.toLocaleString('en'),
          `${(bytes / 1024 / 1024).toFixed(2)} MB`,
          `${Math.round(median)} ms`,
          times.map((t) => `${Math.round(t)}`).join(', '),
        ],
      ],
    )}\n\n`,
  );
  const size = reportRatio({
    bench: 'status-page',
    what: `${MONITORS} monitors: page size / 5 MB`,
    value: bytes / SIZE_LIMIT,
    kind: 'at most',
    target: 1,
  });
  const time = reportRatio({
    bench: 'status-page',
    what: `${MONITORS} monitors: load in Chromium / 2 s`,
    value: median / TIME_LIMIT_MS,
    kind: 'at most',
    target: 1,
  });
  process.stdout.write(`Size: ${size}\nLoad: ${time}\n`);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
