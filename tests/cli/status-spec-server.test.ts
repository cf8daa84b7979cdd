// `monitors status` against tests/helpers/spec-server.ts, which is not our simulator: the
// spec's fields only, cursors full of characters a URL must encode, pages of two whatever
// per_page asks, statuses the spec does not list, last/next check left out (they are
// optional), and incident status and severity values of its own (the spec lists none).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../src/status/types.js';
import { runCli } from '../helpers/run-cli.js';
import { startSpecServer, type SpecServer } from '../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { httpInput } from '../load/valid-input.js';

const FULL = 'tok_status_spec_full_0123456789';
const READER = 'tok_status_spec_reader_01234567';
const NAMES = ['api', 'blog', 'cart', 'docs', 'home'];
let server: SpecServer;
let dir: string;

const cli = (args: string[], token = FULL) =>
  runCli(args, { cwd: dir, env: { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: token } });
const idOf = (name: string) => server.monitors().find((m) => m.input.name === name)!.id;

beforeAll(async () => {
  server = await startSpecServer({
    tokens: [
      { token: FULL, scopes: ['monitors:read', 'monitors:write', 'incidents:read'] },
      { token: READER, scopes: ['monitors:read'] },
    ],
    cursorMode: 'phrase',
    pageCap: 2,
  });
  dir = mkdtempSync(join(tmpdir(), 'status-spec-'));
  writeFileSync(
    join(dir, 'monitors.yaml'),
    `${E2E_DEFAULTS}monitors:\n${NAMES.map((n) => `  - name: ${n}\n    url: https://${n}.example.com/\n`).join('')}`,
  );
  const apply = await cli(['apply', '--yes']);
  if (apply.code !== 0) throw new Error(apply.stderr);
  const at = (minute: number) => `2024-05-01T10:0${minute}:00+02:00`;
  server.setCheckState(idOf('api'), { status: 'down', last_check_at: at(1), next_check_at: at(3) });
  server.setCheckState(idOf('blog'), { status: 'Sleeping', last_check_at: at(1), next_check_at: null });
  server.setCheckState(idOf('cart'), { status: 'maintenance' }); // no last_check_at, no next_check_at at all
  server.setCheckState(idOf('docs'), { status: 'AWAITING_ALLOWLIST', last_check_at: null, next_check_at: at(2) });
  server.setCheckState(idOf('home'), { status: 'degraded', last_check_at: at(1), next_check_at: at(2) });
  const dashboard = server.insertMonitor(httpInput({ name: 'made in the dashboard', url: 'https://x.example.com/' }));
  server.addIncident(dashboard, 'not ours');
  server.addIncident(idOf('api'), 'api: 503', false, { status: 'investigating', severity: 'SEV-2' });
  server.addIncident(idOf('api'), 'api: timeouts', false, { status: 'identified', severity: 'critical' });
  server.addIncident(idOf('api'), 'api: last week', true);
  server.addIncident(idOf('home'), 'home: slow', false);
  for (let i = 0; i < 4; i++) server.addIncident(idOf('blog'), `blog: old ${i}`, true);
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('monitors status against the independent spec server', { timeout: 120_000 }, () => {
  it('reads every page of both lists through its cursors and shows statuses as the server sent them', async () => {
    server.clearRequests();
    const run = await cli(['status', '--format', 'json', '--fail-on', 'degraded']);
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as StatusReport;
    const rows = new Map(report.monitors.map((m) => [m.name, m]));
    expect(rows.get('api')).toMatchObject({
      status: 'down',
      server_status: 'down',
      last_check_at: '2024-05-01T10:01:00+02:00',
      failing: true,
    });
    expect(rows.get('api')!.open_incidents!.map((i) => [i.summary, i.status, i.severity])).toEqual(
      expect.arrayContaining([
        ['api: 503', 'investigating', 'SEV-2'],
        ['api: timeouts', 'identified', 'critical'],
      ]),
    );
    expect(rows.get('api')!.open_incidents).toHaveLength(2);
    expect(rows.get('blog')).toMatchObject({ status: 'unknown', server_status: 'Sleeping', next_check_at: null });
    expect(rows.get('blog')!.open_incidents).toEqual([]);
    expect(rows.get('cart')).toMatchObject({ status: 'maintenance', last_check_at: null, next_check_at: null });
    expect(rows.get('docs')).toMatchObject({ status: 'awaiting_allowlist', server_status: 'AWAITING_ALLOWLIST' });
    expect(rows.get('home')).toMatchObject({ status: 'degraded', failing: true });
    expect(report.summary).toMatchObject({ managed: 5, open_incidents: 3, unmanaged: 1 });

    const pages = (path: string) => server.requests().filter((r) => r.method === 'GET' && r.path === path);
    expect(pages('/monitors').length).toBe(3); // 6 monitors, 2 a page
    expect(pages('/incidents').length).toBe(5); // 10 incidents
    expect(pages('/incidents').filter((r) => r.query.includes('cursor=')).length).toBe(4);
    expect(server.requests().every((r) => r.status === 200)).toBe(true);
  });

  it('prints a status outside the spec as it came, and never fails on it', async () => {
    const run = await cli(['status', '--name', 'blog', '--fail-on', 'degraded']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^Sleeping {2}blog {5}2024-05-01T10:01:00\+02:00 {2}- {11}[0-9A-Z]{26} {2}\(a status the spec does not list\)$/m,
    );
    expect(run.stdout).toContain(
      'Status: 0 up, 0 degraded, 0 down, 1 with another status (1 managed monitor); 0 open incidents.',
    );
  });

  it('with a token of monitors:read alone: the statuses, and a note instead of the incidents', async () => {
    const run = await cli(['status', '--format', 'json'], READER);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as StatusReport;
    expect(report.incidents_read).toBe(false);
    expect(report.monitors.map((m) => m.status)).toEqual([
      'down',
      'unknown',
      'maintenance',
      'awaiting_allowlist',
      'degraded',
    ]);
    expect(report.notes).toEqual([
      'Open incidents were not read: the token in MONITORS_API_TOKEN lacks the incidents:read scope (GET /incidents answered 403); the statuses are complete without it. To see incidents too, set MONITORS_API_TOKEN to a token with monitors:read and incidents:read (dashboard, settings, API).',
    ]);
  });
});
