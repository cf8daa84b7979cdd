// The built CLI against the independent spec server holding monitors whose names carry
// terminal control sequences (made "in the dashboard", or by a hostile server): the plan
// and the error messages show them escaped, never raw, so a name cannot retitle, clear or
// recolour the terminal of whoever runs `monitors plan`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startSpecServer, type SpecServer } from '../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_hostile_names_0a1b2c3d4e';
const HOSTILE = 'evil\u001b]0;PWNED\u0007\u001b[2J\u009b31m\u202Ename';
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;

let server: SpecServer;
let dir = '';

const dashboardInput = (name: string) => ({
  name,
  type: 'http',
  url: 'https://shop.example.com/',
  method: 'GET',
  interval_seconds: 300,
  timeout_seconds: 10,
  retry_count: 1,
  confirmation_attempts: 2,
  slow_threshold_ms: 2000,
  expected_status_min: 200,
  expected_status_max: 299,
  max_redirects: 3,
  auth_type: 'none',
  execution_mode: 'local',
  consensus_threshold: 1,
});

const plan = (args: string[] = []) =>
  runCli(['plan', '.', ...args], {
    cwd: dir,
    env: { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: TOKEN, MONITORS_RETRY_BASE_MS: '5' },
    timeoutMs: 20_000,
  });

beforeAll(async () => {
  server = await startSpecServer({
    tokens: [{ token: TOKEN, scopes: ['monitors:read', 'monitors:write', 'account:read', 'incidents:read'] }],
  });
  dir = mkdtempSync(join(tmpdir(), 'hostile-names-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('names with terminal control sequences', () => {
  it('an unmanaged monitor with such a name is listed escaped in the text plan', async () => {
    server.insertMonitor(dashboardInput(HOSTILE));
    writeFileSync(
      join(dir, 'monitors.yaml'),
      `${E2E_DEFAULTS}monitors:\n  - name: shop home\n    url: https://shop.example.com/\n`,
    );
    const result = await plan();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('evil\\u001b]0;PWNED\\u0007\\u001b[2J\\u009b31m\\u202ename');
    expect(result.stdout).not.toMatch(RAW_CONTROL);
  });

  it('two live monitors with the wanted name: the error names both ids, escaped', async () => {
    const second = server.insertMonitor(dashboardInput(HOSTILE));
    const first = server.monitors().find((m) => m.input.name === HOSTILE && m.id !== second)!.id;
    // A YAML double-quoted string may write the same control characters as escapes.
    writeFileSync(
      join(dir, 'monitors.yaml'),
      `${E2E_DEFAULTS}monitors:\n  - name: "evil\\e]0;PWNED\\a\\e[2J\\x9b31m\\u202Ename"\n    url: https://shop.example.com/\n`,
    );
    const result = await plan();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PLAN_DUPLICATE_LIVE_NAME');
    expect(result.stderr).toContain(first);
    expect(result.stderr).toContain(second);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    expect(result.stdout).toBe('');
  });

  it('apply lists the changes it made and failed with such names escaped', async () => {
    const victim = `delete-me ${HOSTILE}`;
    server.insertMonitor(dashboardInput(victim));
    // The workspace scope makes every unlisted monitor managed, so apply deletes them.
    writeFileSync(
      join(dir, 'monitors.yaml'),
      `${E2E_DEFAULTS}settings:\n  scope: workspace\nmonitors:\n  - name: shop home\n    url: https://shop.example.com/\n`,
    );
    const env = {
      MONITORS_API_URL: server.baseUrl,
      MONITORS_API_TOKEN: TOKEN,
      MONITORS_RETRY_BASE_MS: '5',
      CI: 'true',
    };
    const result = await runCli(['apply', '.', '--yes', '--allow-mass-delete'], { cwd: dir, env, timeoutMs: 20_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).toContain('deleted  "delete-me evil\\u001b]0;PWNED');
    expect(result.stdout).not.toMatch(RAW_CONTROL);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    expect(server.monitors().map((m) => m.input.name)).toEqual(['shop home']);
  });

  it('export names such monitors escaped in its report', async () => {
    // Two with one name: the report lists them by name, as not exported.
    server.insertMonitor(dashboardInput(HOSTILE));
    server.insertMonitor(dashboardInput(HOSTILE));
    const env = { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: TOKEN, MONITORS_RETRY_BASE_MS: '5' };
    const result = await runCli(['export', '--out', 'exported'], { cwd: dir, env, timeoutMs: 20_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('evil\\u001b]0;PWNED');
    expect(result.stdout).not.toMatch(RAW_CONTROL);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
  });
});
