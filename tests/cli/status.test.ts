// `monitors status` as a user runs it: the built CLI against `monitors sim` as a process.
// The simulator checks nothing by itself here (an hour's check delay): each test says what
// a check finds (POST /__sim/monitors/:id/check), so statuses and incidents move exactly
// when the test moves them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../src/status/types.js';
import { runCli } from '../helpers/run-cli.js';
import { checkMonitorNow, clearRequestLog, getRequestLog, seedMonitors } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { httpInput } from '../load/valid-input.js';

const FULL = 'tok_status_full_scope_0123456789';
const READER = 'tok_status_monitors_read_only_01';
let sim: SimProcess;
let base: string;
let dir: string;

const monitor = (name: string) =>
  `  - name: "${name}"\n    url: https://shop.example.com/${encodeURIComponent(name)}\n`;
const write = (...names: string[]) =>
  writeFileSync(join(dir, 'monitors.yaml'), `${E2E_DEFAULTS}monitors:\n${names.map(monitor).join('')}`);
const cli = (args: string[], token = FULL) =>
  runCli(args, { cwd: dir, env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: token } });
const json = async (args: string[] = [], token = FULL) => {
  const run = await cli(['status', '--format', 'json', ...args], token);
  return JSON.parse(run.stdout) as StatusReport;
};
const idOf = (report: StatusReport, name: string) => report.monitors.find((m) => m.name === name)!.id!;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'status-cli-'));
  const tokens = join(base, 'tokens.json');
  writeFileSync(
    tokens,
    JSON.stringify({ tokens: [{ token: READER, workspace: 'default', scopes: ['monitors:read'] }] }),
  );
  sim = await startSimProcess(['--token', FULL, '--tokens-file', tokens, '--check-delay', '3600000']);
  dir = mkdtempSync(join(base, 'repo-'));
  write('shop: home page', 'shop: checkout', 'shop: search');
});
afterAll(async () => {
  await sim.stop();
  rmSync(base, { recursive: true, force: true });
});

// The tests build on each other, like a user's history with one workspace; each runs the CLI a few times.
describe('monitors status against the simulator', { timeout: 120_000 }, () => {
  it('before the first apply: every monitor of the YAML is "not created"', async () => {
    const run = await cli(['status', '--fail-on', 'down']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      [
        'STATUS       MONITOR          LAST CHECK  NEXT CHECK  ID',
        'not created  shop: checkout   -           -           -  (the next apply creates it)',
        'not created  shop: home page  -           -           -  (the next apply creates it)',
        'not created  shop: search     -           -           -  (the next apply creates it)',
        '',
        'Status: 0 up, 0 degraded, 0 down, 3 not created (3 managed monitors); 0 open incidents.',
        '',
      ].join('\n'),
    );
  });

  it('follows the statuses as checks move them, with the open incident, and fails on down only when asked', async () => {
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    await seedMonitors(sim.adminUrl, [httpInput({ name: 'made in the dashboard', url: 'https://blog.example.com/' })]);
    const pending = await json(['--fail-on', 'down']);
    expect(pending.monitors.map((m) => [m.name, m.status, m.last_check_at])).toEqual([
      ['shop: checkout', 'pending', null],
      ['shop: home page', 'pending', null],
      ['shop: search', 'pending', null],
    ]);
    expect(pending.failed).toBe(false);
    expect(pending.summary.unmanaged).toBe(1);

    await checkMonitorNow(sim.adminUrl, idOf(pending, 'shop: checkout'), 'down');
    await checkMonitorNow(sim.adminUrl, idOf(pending, 'shop: home page'), 'up');
    const down = await cli(['status', '--fail-on', 'down']);
    expect(down.code, down.stderr).toBe(1);
    const id = idOf(pending, 'shop: checkout');
    expect(down.stdout).toMatch(
      new RegExp(
        `^down {5}shop: checkout {3}\\S+Z {2}\\S+Z {2}${id}\\n {9}open incident since \\S+Z \\(major, open\\): shop: checkout: the check of https://shop\\.example\\.com/shop%3A%20checkout failed \\(simulated\\)$`,
        'm',
      ),
    );
    expect(down.stdout).toMatch(/^pending {2}shop: search {5}- {25}\S+Z {2}[0-9A-Z]{26}$/m);
    expect(down.stdout).toContain(
      'Status: 1 up, 0 degraded, 1 down, 1 pending (3 managed monitors); 1 open incident; 1 unmanaged monitor not shown.\nFailing (--fail-on down): "shop: checkout" is down.\n',
    );
    expect(down.stdout).not.toContain('made in the dashboard');
    expect((await cli(['status'])).code).toBe(0); // no --fail-on: a report, not a gate

    // Up again: the incident is resolved and nothing fails.
    await checkMonitorNow(sim.adminUrl, id, 'up');
    const up = await json(['--fail-on', 'down']);
    expect(up.failed).toBe(false);
    expect(up.monitors.find((m) => m.id === id)).toMatchObject({ status: 'up', open_incidents: [] });
    expect(up.summary.open_incidents).toBe(0);

    // Degraded fails --fail-on degraded, not --fail-on down.
    await checkMonitorNow(sim.adminUrl, idOf(up, 'shop: search'), 'degraded');
    expect((await cli(['status', '--fail-on', 'down'])).code).toBe(0);
    const degraded = await cli(['status', '--fail-on', 'degraded']);
    expect(degraded.code).toBe(1);
    expect(degraded.stdout).toContain('Failing (--fail-on degraded): "shop: search" is degraded.');
  });

  it('--name shows only the matching monitors, and a pattern naming none is an error', async () => {
    const some = await json(['--name', 'shop: *e*', '--name', 'shop: checkout']);
    expect(some.monitors.map((m) => m.name)).toEqual(['shop: checkout', 'shop: home page', 'shop: search']);
    const one = await json(['--name', 'shop: s?arch']);
    expect(one.monitors.map((m) => m.name)).toEqual(['shop: search']);
    expect(one.summary).toMatchObject({ managed: 1, unmanaged: 0 });

    const typo = await cli(['status', '--name', 'shop: serch']);
    expect(typo.code).toBe(1);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toContain(
      'error STATUS_NO_MATCH: --name "shop: serch" matches no managed monitor; did you mean "shop: search"?',
    );
    const unmanaged = await cli(['status', '--name', 'made in*']);
    expect(unmanaged.stderr).toMatch(/names only monitors this repository does not manage \("made in the dashboard"/);
  });

  it('prints JSON and Markdown with the same facts', async () => {
    const report = await json();
    expect(Object.keys(report).slice(0, 2)).toEqual(['format_version', 'environment']);
    expect(report).toMatchObject({
      format_version: 1,
      environment: null,
      fail_on: null,
      failed: false,
      incidents_read: true,
      summary: { managed: 3, not_created: 0, open_incidents: 0, unmanaged: 1 },
    });
    expect(report.summary.by_status).toMatchObject({ up: 2, degraded: 1, down: 0 });
    const md = await cli(['status', '--format', 'markdown']);
    expect(md.code).toBe(0);
    expect(md.stdout.split('\n')[0]).toBe(
      '**Status: 2 up, 1 degraded, 0 down (3 managed monitors); 0 open incidents; 1 unmanaged monitor not shown.**',
    );
    expect(md.stdout).toContain('<details open>');
    expect(md.stdout).toMatch(/^\| 🟡 degraded \| `shop: search` \| \S+Z \| \S+Z \| {2}\|$/m);
  });

  it('shows a monitor removed from the YAML, and one added to it, until the next apply', async () => {
    write('shop: home page', 'shop: checkout', 'shop: cart');
    const run = await cli(['status']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^not created {2}shop: cart .*\(the next apply creates it\)$/m);
    expect(run.stdout).toMatch(
      /^degraded {5}shop: search .*[0-9A-Z]{26} {2}\(managed, in no YAML entry: the next apply deletes it\)$/m,
    );
    write('shop: home page', 'shop: checkout', 'shop: search');
  });

  it('needs only monitors:read: without incidents:read it shows the statuses and says why there are no incidents', async () => {
    await clearRequestLog(sim.adminUrl);
    const run = await cli(['status', '--fail-on', 'degraded'], READER);
    expect(run.code, run.stderr).toBe(1); // the statuses are read: the degraded monitor still fails the run
    expect(run.stdout).toContain(
      'note: Open incidents were not read: the token in MONITORS_API_TOKEN lacks the incidents:read scope (GET /incidents answered 403); the statuses are complete without it. To see incidents too, set MONITORS_API_TOKEN to a token with monitors:read and incidents:read (dashboard, settings, API).',
    );
    expect(run.stdout).toContain('(3 managed monitors); open incidents not read; 1 unmanaged monitor not shown.');
    expect(run.stderr).toBe('');
    const report = await json([], READER);
    expect(report.incidents_read).toBe(false);
    expect(report.monitors.every((m) => m.open_incidents === null)).toBe(true);
    const methods = (await getRequestLog(sim.adminUrl)).map((r) => `${r.method} ${r.path.split('?')[0]}`);
    expect(new Set(methods)).toEqual(new Set(['GET /api/v1/monitors', 'GET /api/v1/incidents']));
  });

  it('a rejected token is one error naming its variable, and no report', async () => {
    const run = await cli(['status'], 'tok_status_not_a_real_token_99');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error API_UNAUTHORIZED: the API rejected the token in MONITORS_API_TOKEN \(401\)/);
    expect(run.stderr).toContain('set MONITORS_API_TOKEN to it');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const bad = await cli(['status', '--fail-on', 'up']);
    expect(bad.stderr).toMatch(/^error BAD_OPTION: --fail-on takes down or degraded, not "up"/);
  });
});
