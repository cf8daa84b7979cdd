// `monitors status --format junit|svg|html` as a user runs them: the built CLI against
// `monitors sim`, statuses and incidents set by the test. The status page is opened in
// headless Chromium: it renders, its filters work, a hostile name shows as text and runs
// nothing, it loads nothing from anywhere, and its CSP blocks a script it does not name.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../src/status/types.js';
import { runCli } from '../helpers/run-cli.js';
import { checkMonitorNow, deleteMonitorOutOfBand, openIncident, resolveIncident } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { CHROMIUM, describeWithTools } from '../helpers/needs-tool.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { openBrowser } from './browser.js';

const TOKEN = 'tok_status_reports_0123456789abc';
const HOSTILE = '<img src=x onerror=alert(1)>';
/** Down, long, and after `shop: home` by name: the page shows it whole, and first of its group. */
const CHECKOUT = 'shop: payments checkout, eu-west-1 (card provider callback, primary region)';
/** Kept after the run (gitignored), to look at. */
const SCREENSHOT = fileURLToPath(new URL('../../.monitors-tmp/screenshots/status-page.png', import.meta.url));

let sim: SimProcess;
let dir: string;

const entry = (name: string, extra = '') =>
  `  - name: ${JSON.stringify(name)}\n    url: https://shop.example.com/${encodeURIComponent(name)}\n${extra}`;
const MONITORS = [
  entry('shop: home', '    group: shop\n    tags: web, critical\n'),
  entry(CHECKOUT, '    group: shop\n    tags: web\n'),
  entry(
    HOSTILE,
    `    group: ${JSON.stringify('<script>alert(2)</script>')}\n    tags: ${JSON.stringify('"><b>x</b>')}\n`,
  ),
  entry('blog'),
];
const write = (extra: string[] = []) =>
  writeFileSync(join(dir, 'monitors.yaml'), `${E2E_DEFAULTS}monitors:\n${[...MONITORS, ...extra].join('')}`);
const cli = (args: string[]) =>
  runCli(['status', ...args], { cwd: dir, env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN } });

beforeAll(async () => {
  sim = await startSimProcess(['--token', TOKEN, '--check-delay', '3600000']);
  dir = mkdtempSync(join(tmpdir(), 'status-reports-'));
  write();
  const applied = await runCli(['apply', '--yes'], {
    cwd: dir,
    env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN },
  });
  expect(applied.code, applied.stderr).toBe(0);
  const report = JSON.parse((await cli(['--format', 'json'])).stdout) as StatusReport;
  const id = (name: string) => report.monitors.find((m) => m.name === name)!.id!;
  await checkMonitorNow(sim.adminUrl, id('shop: home'), 'up');
  await checkMonitorNow(sim.adminUrl, id(CHECKOUT), 'down');
  await checkMonitorNow(sim.adminUrl, id(HOSTILE), 'degraded');
  await openIncident(sim.adminUrl, id(CHECKOUT), { summary: `checkout answers 502 ${HOSTILE}` });
  const past = await openIncident(sim.adminUrl, id('shop: home'), { summary: 'home was slow' });
  await resolveIncident(sim.adminUrl, past.id);
  await deleteMonitorOutOfBand(sim.adminUrl, id('blog'));
  write([entry('shop: search', '    group: shop\n')]); // in the YAML, not created
}, 60_000);

afterAll(async () => {
  await sim.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('status reports against the simulator', { timeout: 90_000 }, () => {
  it('junit: one case per monitor, down a failure with its incident, the others skipped or passed', async () => {
    const run = await cli(['--format', 'junit']);
    expect(run.code, run.stderr).toBe(0);
    const parsed = (await parse(run.stdout)) as any;
    expect(parsed).toMatchObject({ tests: 5, failures: 1, skipped: 3 });
    const cases = Object.fromEntries(parsed.testsuite[0].testcase.map((c: any) => [c.name, c]));
    expect(cases[CHECKOUT].failure[0].message).toContain(`checkout answers 502 ${HOSTILE}`);
    expect(cases[HOSTILE].skipped[0].type).toBe('degraded');
    expect(cases.blog.skipped[0].message).toContain('deleted outside the tool');
    expect(cases['shop: home'].failure).toBeUndefined();
  });

  it("svg: a summary badge, and one monitor's badge with --name", async () => {
    const summary = await cli(['--format', 'svg']);
    expect(summary.stdout).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(summary.stdout).toContain('<title>monitors: 1 up, 1 degraded, 1 down</title>');
    const one = await cli(['--format', 'svg', '--name', HOSTILE]);
    expect(one.stdout).toContain('<title>&lt;img src=x onerror=alert(1)&gt;: degraded</title>');
    expect(one.stdout).not.toContain('<img');
  });
});

describeWithTools([CHROMIUM], 'the status page in headless Chromium', () => {
  it('html: renders in Chromium, filters by name, tag and status, shows names as text and runs nothing', async () => {
    const run = await cli(['--format', 'html', '--days', '7']);
    expect(run.code, run.stderr).toBe(0);
    const file = join(dir, 'status.html');
    writeFileSync(file, run.stdout);
    const browser = await openBrowser();
    try {
      const page = await browser.context.newPage();
      const requests: string[] = [];
      const dialogs: string[] = [];
      const errors: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });

      // Rendered: a tile per monitor, the summary's counts, the hostile name as its own text.
      expect(await page.locator('.tile').count()).toBe(5);
      const summary = await page.locator('.summary').innerText();
      for (const part of ['1\nup', '1\ndegraded', '1\ndown', '1\nnot created', '1\ndeleted outside the tool'])
        expect(summary).toContain(part);
      await expect(page.locator('.tile.s-degraded b').innerText()).resolves.toBe(HOSTILE);
      expect(await page.locator('h3', { hasText: '<script>alert(2)</script>' }).count()).toBe(1);
      // (The only element inside a name: the span that keeps a word like eu-west-1 on one line.)
      expect(await page.locator('body img, body script:not(:last-of-type), .tile b :not(span.nb)').count()).toBe(0);
      expect(await page.locator('.tile.s-degraded b *').count()).toBe(0);
      expect(await page.locator('#f-shown').innerText()).toBe('5 of 5 shown');

      // For on-call: in each group the down monitors first (then degraded), and every name
      // whole on its tile, wrapped within it, never cut with an ellipsis.
      const shop = page.locator('section.group', { has: page.locator('h3', { hasText: /^shop \(3\)$/ }) });
      expect(await shop.locator('.tile b').allInnerTexts()).toEqual([CHECKOUT, 'shop: search', 'shop: home']);
      const long = page.locator('.tile b', { hasText: 'card provider' });
      expect(await long.innerText()).toBe(CHECKOUT);
      const fits = await long.evaluate((b) => {
        const style = b.ownerDocument.defaultView!.getComputedStyle(b);
        const tile = b.parentElement!.getBoundingClientRect();
        const text = b.getBoundingClientRect();
        return {
          clipped: b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight,
          inside: text.left >= tile.left && text.right <= tile.right && text.bottom <= tile.bottom,
          wrapped: text.height > 1.5 * parseFloat(style.lineHeight),
          ellipsis: style.textOverflow === 'ellipsis',
        };
      });
      expect(fits).toEqual({ clipped: false, inside: true, wrapped: true, ellipsis: false });

      // The timeline: a bar per open incident (the one the test opened, and those the
      // simulator opened for the checks that found a monitor down), and the resolved one.
      const report = JSON.parse((await cli(['--format', 'json'])).stdout) as StatusReport;
      expect(report.summary.open_incidents).toBeGreaterThanOrEqual(1);
      expect(await page.locator('.timeline rect.open').count()).toBe(report.summary.open_incidents);
      expect(await page.locator('.timeline rect.resolved').count()).toBe(1);

      // Filters.
      const visible = () => page.locator('.tile:visible b').allInnerTexts();
      await page.fill('#f-name', 'SHOP');
      expect(await visible()).toEqual([CHECKOUT, 'shop: search', 'shop: home']);
      await page.selectOption('#f-tag', 'critical');
      expect(await visible()).toEqual(['shop: home']);
      await page.fill('#f-name', '');
      await page.selectOption('#f-tag', '');
      await page.selectOption('#f-status', 'down');
      expect(await visible()).toEqual([CHECKOUT]);
      expect(await page.locator('#f-shown').innerText()).toBe('1 of 5 shown');
      await page.selectOption('#f-status', '');
      await page.selectOption('#f-tag', '"><b>x</b>');
      expect(await visible()).toEqual([HOSTILE]);
      // A group whose tiles are all filtered out is hidden with them.
      expect(await page.locator('section.group:visible').count()).toBe(1);
      await page.selectOption('#f-tag', '');

      mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      expect(requests).toEqual([pathToFileURL(file).href]);

      // The CSP admits the page's own script only: one added to the file does not run.
      writeFileSync(file, run.stdout.replace('</body>', '<script>document.title = "injected"</script></body>'));
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      expect(await page.title()).toBe('Monitors status');
      expect(await page.locator('#f-shown').innerText()).toBe('5 of 5 shown');
    } finally {
      await browser.close();
    }
    expect(readFileSync(SCREENSHOT).subarray(1, 4).toString()).toBe('PNG');
  }, 90_000);
});
