// Two environments, two workspaces: the built CLI plans and applies a templated set
// against two simulators on random ports, and neither ever sees the other's monitors,
// lock file or token.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenId } from '../../src/sim/tokens.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { deleteMonitorOutOfBand, getRequestLog, seedMonitors } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { httpInput } from '../load/valid-input.js';

const DECOY_TOKEN = 'tok_decoy_MONITORS_API_TOKEN_must_never_be_sent';

let staging: SimProcess;
let production: SimProcess;
let dir: string;

function settingsYaml(stagingRegions = '[eu-west, us-east]'): string {
  return `settings:
  environments:
    staging:
      api_url: \${env:STAGING_API_URL}
      token_env: MONITORS_STAGING_TOKEN
      lock_file: locks/staging.lock.json
      vars: { domain: staging.shop.example.com, interval: 600, regions: ${stagingRegions} }
    production:
      api_url: \${env:PRODUCTION_API_URL}
      token_env: MONITORS_PRODUCTION_TOKEN
      lock_file: locks/production.lock.json
      vars: { domain: shop.example.com, interval: 120, regions: [eu-west, us-east, ap-south] }
`;
}

const MONITORS = `${E2E_DEFAULTS}vars:
  interval: 300
monitors:
  - name: "api \${each.region} \${each.check}"
    url: https://\${each.region}.api.\${var.domain}/\${each.check}
    interval_seconds: \${var.interval}
    for_each:
      region: \${var.regions}
      check: [health, ready]
  - name: "admin login"
    url: https://admin.\${var.domain}/login
    environments: [production]
`;

function writeSet(stagingRegions?: string): void {
  mkdirSync(join(dir, 'monitors'), { recursive: true });
  writeFileSync(join(dir, 'monitors', 'settings.yaml'), settingsYaml(stagingRegions));
  writeFileSync(join(dir, 'monitors', 'shop.yaml'), MONITORS);
}

/** Both tokens and URLs are in the environment (as in a CI job), plus a decoy MONITORS_API_TOKEN / URL. */
function env(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    STAGING_API_URL: staging.baseUrl,
    PRODUCTION_API_URL: production.baseUrl,
    MONITORS_STAGING_TOKEN: staging.token,
    MONITORS_PRODUCTION_TOKEN: production.token,
    MONITORS_API_TOKEN: DECOY_TOKEN,
    // The environment's api_url wins over MONITORS_API_URL: pointing it at the other workspace changes nothing.
    MONITORS_API_URL: production.baseUrl,
    MONITORS_RETRY_BASE_MS: '5',
    ...extra,
  };
}

const cli = (args: string[], extra: Record<string, string | undefined> = {}) =>
  runCli(args, { cwd: dir, env: env(extra) });
const lockPath = (name: string) => join(dir, 'monitors', 'locks', `${name}.lock.json`);
const lockNames = (name: string) =>
  (JSON.parse(readFileSync(lockPath(name), 'utf8')) as { monitors: { name: string }[] }).monitors.map((r) => r.name);
const liveNames = async (sim: SimProcess) => {
  const res = await fetch(`${sim.baseUrl}/monitors?per_page=100`, {
    headers: { authorization: `Bearer ${sim.token}` },
  });
  return ((await res.json()) as { data: { name: string }[] }).data.map((m) => m.name).sort();
};
function expectNoSecrets(result: CliResult): void {
  for (const token of [staging.token, production.token, DECOY_TOKEN])
    expect(result.stdout + result.stderr).not.toContain(token);
}

const STAGING_NAMES = ['api eu-west health', 'api eu-west ready', 'api us-east health', 'api us-east ready'];
const PRODUCTION_NAMES = [
  'admin login',
  'api ap-south health',
  'api ap-south ready',
  'api eu-west health',
  'api eu-west ready',
  'api us-east health',
  'api us-east ready',
];

// The tests run in order, as one story: each starts from what the one before left.
beforeAll(async () => {
  [staging, production] = await Promise.all([startSimProcess(), startSimProcess()]);
  dir = mkdtempSync(join(tmpdir(), 'environments-'));
  writeSet();
});
afterAll(async () => {
  await Promise.all([staging.stop(), production.stop()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('two environments against two simulators', () => {
  it('plan and apply refuse without an environment, naming them, and call no API', async () => {
    for (const command of [
      ['plan', 'monitors'],
      ['apply', 'monitors', '--yes'],
    ]) {
      const result = await cli(command);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain('error ENV_REQUIRED: the YAML declares environments (staging, production)');
      expect(result.stderr).toContain(`--env NAME (or MONITORS_ENV)`);
      expectNoSecrets(result);
    }
    const unknown = await cli(['plan', 'monitors', '--env', 'prod']);
    expect(unknown.stderr).toContain(
      'error ENV_UNKNOWN: --env prod names environment "prod", which the YAML does not declare',
    );
    expect(await getRequestLog(staging.adminUrl)).toEqual([]);
    // (production's log may hold the early listing MONITORS_API_URL allows; it carries no environment's token)
    expect(
      (await getRequestLog(production.adminUrl)).every(
        (r) => r.tokenId !== tokenId(production.token) && r.tokenId !== tokenId(staging.token),
      ),
    ).toBe(true);
  });

  it('an environment never falls back to MONITORS_API_TOKEN for its token', async () => {
    const before = (await getRequestLog(staging.adminUrl)).length;
    const result = await cli(['plan', 'monitors', '--env', 'staging'], {
      MONITORS_STAGING_TOKEN: undefined,
      MONITORS_API_TOKEN: staging.token,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'error CONFIG_NO_TOKEN: MONITORS_STAGING_TOKEN is not set (the token of environment staging)',
    );
    expect((await getRequestLog(staging.adminUrl)).length).toBe(before);
  });

  it('plans and applies staging; production sees nothing of it', async () => {
    const plan = await cli(['plan', 'monitors', '--env', 'staging', '--detailed-exitcode']);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout.split('\n')[0]).toBe('Environment: staging');
    expect(plan.stdout).toContain('Plan: 4 to create, 0 to update, 0 to delete.');
    expect(plan.stdout).toMatch(
      /\+ create "api us-east ready"\n {4}reason: .*\n {4}defined at: monitors\/shop\.yaml:19:5 \(region=us-east, check=ready\)/,
    );
    const productionRequests = (await getRequestLog(production.adminUrl)).length;

    const apply = await cli(['apply', 'monitors', '--env', 'staging', '--yes']);
    expect(apply.code, apply.stderr).toBe(0);
    expectNoSecrets(apply);
    expect(apply.stdout).toContain('Lock file written: monitors/locks/staging.lock.json');
    expect(await liveNames(staging)).toEqual(STAGING_NAMES);
    expect(lockNames('staging')).toEqual(STAGING_NAMES);
    expect(existsSync(lockPath('production'))).toBe(false);
    expect(await liveNames(production)).toEqual([]);
    expect((await getRequestLog(production.adminUrl)).length).toBe(productionRequests + 1); // the liveNames look above
  });

  it('applies production (chosen by MONITORS_ENV); staging and its lock file are untouched', async () => {
    const stagingLock = readFileSync(lockPath('staging'), 'utf8');
    const stagingRequests = (await getRequestLog(staging.adminUrl)).length;
    const apply = await cli(['apply', 'monitors', '--yes'], { MONITORS_ENV: 'production' });
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Plan: 7 to create, 0 to update, 0 to delete.');
    expect(await liveNames(production)).toEqual(PRODUCTION_NAMES);
    expect(lockNames('production')).toEqual(PRODUCTION_NAMES);
    expect(readFileSync(lockPath('staging'), 'utf8')).toBe(stagingLock);
    expect((await getRequestLog(staging.adminUrl)).length).toBe(stagingRequests);
    // Different workspaces: each lock file has its own salt and its own ids.
    const ids = (name: string) =>
      (JSON.parse(readFileSync(lockPath(name), 'utf8')) as { monitors: { id: string }[] }).monitors.map((r) => r.id);
    expect(ids('staging').filter((id) => ids('production').includes(id))).toEqual([]);
  });

  it('each environment plans clean afterwards, and each simulator only ever saw its own token', async () => {
    for (const name of ['staging', 'production']) {
      const plan = await cli(['plan', 'monitors', '--env', name, '--detailed-exitcode']);
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      expect(plan.stdout).toMatch(/No changes\. \d+ monitors up to date\./);
    }
    for (const [sim, other] of [
      [staging, production],
      [production, staging],
    ] as const) {
      const log = await getRequestLog(sim.adminUrl);
      const environmentRequests = log.filter((r) => r.tokenId === tokenId(sim.token));
      expect(environmentRequests.length).toBeGreaterThan(0);
      expect(log.some((r) => r.tokenId === tokenId(other.token))).toBe(false);
      expect(environmentRequests.every((r) => r.status !== 401 && r.status !== 403)).toBe(true);
    }
    expect((await getRequestLog(staging.adminUrl)).some((r) => r.tokenId === tokenId(DECOY_TOKEN))).toBe(false);
  });

  it('a monitor leaving staging is deleted in staging only', async () => {
    writeSet('[eu-west]');
    const apply = await cli(['apply', 'monitors', '--env', 'staging', '--yes']);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Plan: 0 to create, 0 to update, 2 to delete.');
    expect(await liveNames(staging)).toEqual(['api eu-west health', 'api eu-west ready']);
    expect(await liveNames(production)).toEqual(PRODUCTION_NAMES);
    expect(lockNames('production')).toEqual(PRODUCTION_NAMES);
    const plan = await cli(['plan', 'monitors', '--env', 'production', '--detailed-exitcode']);
    expect(plan.code, plan.stdout).toBe(0);
  });

  it('validate without --env checks every environment and lists each one with its token variable and lock file', async () => {
    const result = await runCli(['validate', 'monitors', '--format', 'json'], {
      cwd: dir,
      env: { STAGING_API_URL: staging.baseUrl, PRODUCTION_API_URL: production.baseUrl },
    });
    expect(result.code, result.stdout).toBe(0);
    const report = JSON.parse(result.stdout) as { monitors: number; environments: unknown[] };
    expect(report.monitors).toBe(2 + 7);
    expect(report.environments).toEqual([
      {
        name: 'staging',
        monitors: 2,
        token_env: 'MONITORS_STAGING_TOKEN',
        lock_file: 'monitors/locks/staging.lock.json',
      },
      {
        name: 'production',
        monitors: 7,
        token_env: 'MONITORS_PRODUCTION_TOKEN',
        lock_file: 'monitors/locks/production.lock.json',
      },
    ]);
  });

  it('a saved plan is applied in its own environment, and refused for another', async () => {
    writeSet();
    const saved = join(dir, 'staging.plan.json');
    const plan = await cli(['plan', 'monitors', '--env', 'staging', '--out', saved]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(readFileSync(saved, 'utf8')).not.toContain(staging.token);
    const refused = await cli(['apply', '--plan', saved, '--env', 'production']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error ENV_MISMATCH: the saved plan');
    const applied = await cli(['apply', '--plan', saved]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await liveNames(staging)).toEqual(STAGING_NAMES);
    expect(await liveNames(production)).toEqual(PRODUCTION_NAMES);
  });

  it('two live monitors with one name stop the plan of their environment only', async () => {
    const [copy] = await seedMonitors(staging.adminUrl, [
      httpInput({ name: 'api eu-west health', url: 'https://eu-west.api.staging.shop.example.com/health' }),
    ]);
    const stopped = await cli(['plan', 'monitors', '--env', 'staging']);
    expect(stopped.code, stopped.stdout + stopped.stderr).toBe(1);
    expect(stopped.stderr).toContain('error PLAN_DUPLICATE_LIVE_NAME');
    expect(stopped.stderr).toContain(copy!);
    // production has one "api eu-west health" of its own, and plans clean.
    const other = await cli(['plan', 'monitors', '--env', 'production', '--detailed-exitcode']);
    expect(other.code, other.stdout + other.stderr).toBe(0);
    await deleteMonitorOutOfBand(staging.adminUrl, copy!);
  });

  it("--api-url wins over the environment's api_url (the token stays the environment's)", async () => {
    // staging's api_url points nowhere: only --api-url can reach the staging simulator.
    const nowhere = { STAGING_API_URL: 'http://127.0.0.1:9/api/v1', MONITORS_MAX_ATTEMPTS: '1' };
    const plan = await cli(
      ['plan', 'monitors', '--env', 'staging', '--api-url', staging.baseUrl, '--detailed-exitcode'],
      nowhere,
    );
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('No changes. 4 monitors up to date.');
    const saved = join(dir, 'staging-api-url.plan.json');
    expect(
      (await cli(['plan', 'monitors', '--env', 'staging', '--api-url', staging.baseUrl, '--out', saved], nowhere)).code,
    ).toBe(0);
    // The saved plan keeps the URL it was made against.
    expect((await cli(['apply', '--plan', saved], nowhere)).code).toBe(0);
    expect((await cli(['plan', 'monitors', '--env', 'staging'], nowhere)).code).toBe(1);
  });
});
