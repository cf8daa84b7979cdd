// `monitors check --changed` against the simulator: only what a plan would create or
// replace is checked, so a pull request checks the monitors it touches.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { startHttp, type HttpServer } from './servers/loopback.js';

let sim: SimProcess;
let web: HttpServer;
let dir: string;
let env: Record<string, string>;

const file = () => join(dir, 'shop.yaml');
const monitor = (name: string, path: string) =>
  `  - name: "${name}"\n    url: http://shop.example.com:${web.port}${path}\n`;
const check = (...args: string[]) =>
  runCli(['check', dir, '--resolve', `shop.example.com:${web.port}:127.0.0.1`, '--format', 'json', ...args], { env });

beforeAll(async () => {
  [sim, web] = await Promise.all([
    startSimProcess(),
    startHttp((req, res) => void res.writeHead(req.url === '/gone' ? 404 : 200).end('ok')),
  ]);
  dir = mkdtempSync(join(tmpdir(), 'check-changed-'));
  writeFileSync(file(), `${E2E_DEFAULTS}monitors:\n${monitor('shop: home', '/')}${monitor('shop: cart', '/cart')}`);
  env = { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token };
});
afterAll(async () => {
  await Promise.all([sim.stop(), web.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('monitors check --changed', () => {
  it('checks the monitors a plan would create', async () => {
    const run = await check('--changed');
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.results.map((r: { name: string }) => r.name)).toEqual(['shop: home', 'shop: cart']);
    expect(report.notes).toEqual(['--changed: checking the 2 of 2 monitors that the plan creates or replaces.']);
  });

  it('checks nothing once they are applied, and says so', async () => {
    const apply = await runCli(['apply', dir, '--yes'], { env });
    expect(apply.code, apply.stderr).toBe(0);
    const run = await check('--changed');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      summary: { up: 0, degraded: 0, down: 0, not_checked: 0 },
      results: [],
      notes: ['--changed: the plan creates or replaces none of the 2 monitors; nothing to check.'],
    });
  });

  it('checks only a changed and a new monitor, and fails when one of them is down', async () => {
    writeFileSync(
      file(),
      `${readFileSync(file(), 'utf8').replace('/cart', '/gone')}${monitor('shop: search', '/search')}`,
    );
    const run = await check('--changed');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.results.map((r: { name: string; status: string }) => `${r.name}: ${r.status}`)).toEqual([
      'shop: cart: down',
      'shop: search: up',
    ]);
    expect(report.results[0].reason).toBe('status 404, expected 200-299 (2 attempts)');
  });

  it('takes --api-url like plan (it wins over MONITORS_API_URL), and refuses it without --changed', async () => {
    const run = await runCli(
      ['check', dir, '--changed', '--api-url', sim.baseUrl, '--resolve', `shop.example.com:${web.port}:127.0.0.1`],
      { env: { MONITORS_API_URL: 'http://127.0.0.1:9/api/v1', MONITORS_API_TOKEN: sim.token } },
    );
    expect(run.code, run.stderr).toBe(1); // shop: cart is down (404): the plan was read from the --api-url
    expect(run.stdout).toContain('Check: 1 up, 0 degraded, 1 down, 0 not checked.');
    const alone = await runCli(['check', dir, '--api-url', sim.baseUrl], { env });
    expect(alone).toMatchObject({ code: 1, stdout: '' });
    expect(alone.stderr).toMatch(/^error BAD_OPTION: --api-url needs --changed/);
  });

  it('needs the API like plan does', async () => {
    const run = await runCli(['check', dir, '--changed'], { env: {} });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error CONFIG_NO_TOKEN: MONITORS_API_TOKEN is not set/);
  });
});

describe('monitors check --changed --name', () => {
  it('filters the changed monitors, and refuses only a pattern that names no monitor at all', async () => {
    const some = await check('--changed', '--name', 'shop: s*');
    expect(JSON.parse(some.stdout).results.map((r: { name: string }) => r.name)).toEqual(['shop: search']);
    const unchanged = await check('--changed', '--name', 'shop: home');
    expect(unchanged.code).toBe(0);
    expect(JSON.parse(unchanged.stdout).results).toEqual([]);
    const typo = await check('--changed', '--name', 'shop: home', '--name', 'shop:search');
    expect(typo.code).toBe(1);
    expect(typo.stderr).toMatch(/^error CHECK_NO_MATCH: no monitor's name matches --name "shop:search"\n/);
  });
});
