// `monitors status --env`: two environments, two workspaces of one simulator, each with
// its own token variable and lock file. Each run shows one workspace's monitors, never
// the other's, and names the environment's token variable when it lacks incidents:read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../src/status/types.js';
import { runCli } from '../helpers/run-cli.js';
import { checkMonitorNow } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const STAGING = 'tok_status_env_staging_0123456789';
const PRODUCTION = 'tok_status_env_production_012345';
const STAGING_READER = 'tok_status_env_staging_reader_01';
let sim: SimProcess;
let dir: string;

const SETTINGS = `settings:
  environments:
    staging:
      api_url: \${env:SIM_URL}
      token_env: MONITORS_STAGING_TOKEN
      lock_file: locks/staging.lock.json
      vars: { domain: staging.shop.example.com }
    production:
      api_url: \${env:SIM_URL}
      token_env: MONITORS_PRODUCTION_TOKEN
      lock_file: locks/production.lock.json
      vars: { domain: shop.example.com }
`;
const MONITORS = `${E2E_DEFAULTS}monitors:
  - name: "home page"
    url: https://\${var.domain}/
  - name: "admin login"
    url: https://admin.\${var.domain}/login
    environments: [production]
`;

const cli = (args: string[], extra: Record<string, string> = {}) =>
  runCli(args, {
    cwd: dir,
    env: {
      SIM_URL: sim.baseUrl,
      MONITORS_STAGING_TOKEN: STAGING,
      MONITORS_PRODUCTION_TOKEN: PRODUCTION,
      MONITORS_API_TOKEN: 'tok_decoy_never_sent_0123456789',
      ...extra,
    },
  });
const json = async (args: string[], extra: Record<string, string> = {}) =>
  JSON.parse((await cli(['status', 'monitors', '--format', 'json', ...args], extra)).stdout) as StatusReport;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'status-env-'));
  const tokens = join(dir, 'tokens.json');
  writeFileSync(
    tokens,
    JSON.stringify({
      tokens: [
        { token: STAGING, workspace: 'staging', scopes: ['monitors:read', 'monitors:write', 'incidents:read'] },
        { token: PRODUCTION, workspace: 'production', scopes: ['monitors:read', 'monitors:write', 'incidents:read'] },
        { token: STAGING_READER, workspace: 'staging', scopes: ['monitors:read'] },
      ],
    }),
  );
  sim = await startSimProcess(['--tokens-file', tokens, '--check-delay', '3600000']);
  mkdirSync(join(dir, 'monitors'));
  writeFileSync(join(dir, 'monitors', 'settings.yaml'), SETTINGS);
  writeFileSync(join(dir, 'monitors', 'shop.yaml'), MONITORS);
  for (const env of ['staging', 'production']) {
    const apply = await cli(['apply', 'monitors', '--env', env, '--yes']);
    if (apply.code !== 0) throw new Error(apply.stderr);
  }
}, 120_000);
afterAll(async () => {
  await sim.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('monitors status with environments', { timeout: 120_000 }, () => {
  it('acts on one environment: --env or MONITORS_ENV, refused without one', async () => {
    const none = await cli(['status', 'monitors']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(
      /^error ENV_REQUIRED: the YAML declares environments \(staging, production\); status acts on one/,
    );

    const staging = await json(['--env', 'staging']);
    expect(staging.environment).toBe('staging');
    expect(staging.monitors.map((m) => m.name)).toEqual(['home page']);
    const production = await json([], { MONITORS_ENV: 'production' });
    expect(production.environment).toBe('production');
    expect(production.monitors.map((m) => m.name)).toEqual(['admin login', 'home page']);
    expect(production.monitors.map((m) => m.id)).not.toContain(staging.monitors[0]!.id);
    expect(production.summary.unmanaged).toBe(0);
  });

  it('fails only the environment whose monitor is down, and names it in every view', async () => {
    const production = await json(['--env', 'production']);
    const admin = production.monitors.find((m) => m.name === 'admin login')!;
    await checkMonitorNow(sim.adminUrl, admin.id!, 'down');

    expect((await cli(['status', 'monitors', '--env', 'staging', '--fail-on', 'down'])).code).toBe(0);
    const text = await cli(['status', 'monitors', '--env', 'production', '--fail-on', 'down']);
    expect(text.code).toBe(1);
    expect(text.stdout.split('\n')[0]).toBe('Environment: production');
    expect(text.stdout).toContain('Failing (--fail-on down): "admin login" is down.');
    const md = await cli(['status', 'monitors', '--env', 'production', '--format', 'markdown']);
    expect(md.stdout.split('\n')[0]).toBe(
      '**Status in production: 0 up, 0 degraded, 1 down, 1 pending (2 managed monitors); 1 open incident.**',
    );
  });

  it("names the environment's token variable when it lacks incidents:read", async () => {
    const run = await cli(['status', 'monitors', '--env', 'staging'], { MONITORS_STAGING_TOKEN: STAGING_READER });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^note: Open incidents were not read: the token in MONITORS_STAGING_TOKEN lacks the incidents:read scope \(GET \/incidents answered 403\); the statuses are complete without it\. To see incidents too, set MONITORS_STAGING_TOKEN \(named by settings\.environments\.staging\.token_env at monitors\/settings\.yaml:5:18\) to a token with monitors:read and incidents:read \(dashboard, settings, API\)\.$/m,
    );
    expect(run.stdout).not.toContain('MONITORS_API_TOKEN');
  });
  it('html without --env: one page, a grid per environment, each read with its own token', async () => {
    const run = await cli(['status', 'monitors', '--format', 'html']);
    expect(run.code, run.stderr).toBe(0);
    const sections = run.stdout.split('<section class="environment">').slice(1);
    expect(sections.map((s) => /<h2>Environment (\w+) \((\d+)\)<\/h2>/.exec(s)?.slice(1))).toEqual([
      ['staging', '1'],
      ['production', '2'],
    ]);
    expect(run.stdout).not.toContain('tok_');
  });
});
