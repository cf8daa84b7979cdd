// With environments, every message about the token or the API URL names what the run
// really read: the environment's token_env variable and api_url, each with the file:line of
// the setting (issue 23, point 1). Never MONITORS_API_TOKEN or MONITORS_API_URL, which an
// environment does not read. The built CLI against simulators, for plan, apply (401, 403,
// --wait), check --changed, export and a saved plan.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken, tokenId, type SimToken } from '../../src/sim/tokens.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { patchToken } from '../helpers/sim-admin.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const FULL = 'tok_staging_full_0123456789';
const READ_ONLY = 'tok_staging_read_0123456789';
const REVOCABLE = 'tok_staging_revoked_0123456789';
const DECOY = 'tok_decoy_never_sent_0123456789';
let sim: SimServer;
let dir: string;
let deadUrl: string;

/** Line 5 col 16 is the api_url value, line 6 col 18 the token_env value. */
const settings = (apiUrl: string) => `settings:
  max_deletes: 10
  environments:
    staging:
      api_url: ${apiUrl}
      token_env: ACME_STAGING_TOKEN
      lock_file: staging.lock.json
    production:
      api_url: https://monitoring.example.com/api/v1
      token_env: ACME_PRODUCTION_TOKEN
      lock_file: production.lock.json
`;
const API_URL_AT = 'settings.yaml:5:16';
const TOKEN_ENV_AT = 'settings.yaml:6:18';
const TOKEN_NAMED = `ACME_STAGING_TOKEN (named by settings.environments.staging.token_env at ${TOKEN_ENV_AT})`;

beforeAll(async () => {
  const readOnly: SimToken = {
    ...fullScopeToken(READ_ONLY),
    scopes: ['monitors:read', 'account:read', 'incidents:read'],
  };
  sim = await startSimServer({ tokens: [fullScopeToken(FULL), readOnly, fullScopeToken(REVOCABLE)], rateLimitRps: 0 });
  deadUrl = `http://127.0.0.1:${await closedPort()}/api/v1`;
  dir = mkdtempSync(join(tmpdir(), 'origin-hints-'));
  writeFileSync(
    join(dir, 'monitors.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: origin one\n    url: https://shop.example.com/one\n  - name: origin two\n    url: https://shop.example.com/two\n`,
  );
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

function useUrl(apiUrl: string): void {
  writeFileSync(join(dir, 'settings.yaml'), settings(apiUrl));
}

const cli = (args: string[], token: string, extra: Record<string, string> = {}) =>
  runCli(args, {
    cwd: dir,
    env: {
      ACME_STAGING_TOKEN: token,
      // Decoys: an environment never reads these, so no message may send the user to them.
      MONITORS_API_TOKEN: DECOY,
      MONITORS_API_URL: deadUrl,
      MONITORS_MAX_ATTEMPTS: '1',
      CI: 'true',
      ...extra,
    },
  });

function expectNoDefaultNames(run: CliResult): void {
  expect(run.stdout + run.stderr).not.toMatch(/MONITORS_API_TOKEN|MONITORS_API_URL/);
}

describe('hints name the token variable and the setting really used', () => {
  it('plan: a wrong token names the environment token variable and the line that names it', async () => {
    useUrl(sim.baseUrl);
    const run = await cli(['plan', '.', '--env', 'staging'], 'wrong-token-123');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error API_UNAUTHORIZED: the API rejected the token in ACME_STAGING_TOKEN (401)');
    expect(run.stderr).toContain(`  Create a new token in the dashboard (settings, API) and set ${TOKEN_NAMED} to it.`);
    expectNoDefaultNames(run);
  });

  it('apply: a token without monitors:write stops at the 403, naming the scope and the variable', async () => {
    useUrl(sim.baseUrl);
    const run = await cli(['apply', '.', '--env', 'staging', '--yes'], READ_ONLY);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'Stopped at the first refusal of the token: API_FORBIDDEN: the API token lacks the monitors:write scope needed for POST /monitors (403)',
    );
    expect(run.stdout).toContain(
      `  Create a token with the monitors:write scope in the dashboard (settings, API) and set ${TOKEN_NAMED} to it.`,
    );
    expectNoDefaultNames(run);
  });

  it('a dead api_url points at the setting and its line; --api-url at the flag', async () => {
    useUrl(deadUrl);
    const run = await cli(['plan', '.', '--env', 'staging'], FULL);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`error API_UNREACHABLE: cannot reach the API at ${deadUrl} (ECONNREFUSED)`);
    expect(run.stderr).toContain(
      `  Check settings.environments.staging.api_url (${API_URL_AT}) and the network; the command is safe to run again.`,
    );
    expectNoDefaultNames(run);
    useUrl(sim.baseUrl);
    const flag = await cli(['plan', '.', '--env', 'staging', '--api-url', deadUrl], FULL);
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain('  Check --api-url and the network; the command is safe to run again.');
    expectNoDefaultNames(flag);
  });

  it('an api_url that is not the API base URL names the setting to fix', async () => {
    useUrl(sim.baseUrl.replace(/\/api\/v1$/, '/'));
    const run = await cli(['plan', '.', '--env', 'staging'], FULL);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error CONFIG_BAD_URL');
    expect(run.stderr).toContain(
      `  Set settings.environments.staging.api_url (${API_URL_AT}) to the base URL ending in /api/v1`,
    );
  });

  it('check --changed and export name the environment token variable too', async () => {
    useUrl(sim.baseUrl);
    const check = await cli(['check', '.', '--changed', '--env', 'staging'], 'wrong-token-123');
    const exported = await cli(
      ['export', '--out', '.', '--env', 'staging', '--lock', 'export.lock.json'],
      'wrong-token-123',
    );
    for (const run of [check, exported]) {
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain('the API rejected the token in ACME_STAGING_TOKEN (401)');
      expect(run.stderr).toContain(`set ${TOKEN_NAMED} to it.`);
      expectNoDefaultNames(run);
    }
  });

  it('apply --wait: a token revoked after the writes ends the wait naming its variable', async () => {
    useUrl(sim.baseUrl);
    const revocable = REVOCABLE;
    const release = join(dir, 'release-wait');
    let revoking: Promise<unknown> | undefined;
    const run = await runCli(['apply', '.', '--env', 'staging', '--yes', '--wait', '30s'], {
      cwd: dir,
      env: {
        ACME_STAGING_TOKEN: revocable,
        MONITORS_API_TOKEN: DECOY,
        CI: 'true',
        MONITORS_TEST_HOLD: 'after-summary',
        MONITORS_TEST_HOLD_RELEASE: release,
      },
      watch: (_child, { stderr }) => {
        if (revoking || !stderr.includes('test hold: after-summary')) return;
        revoking = patchToken(sim.adminUrl, tokenId(revocable), { revoked: true }).then(() =>
          writeFileSync(release, ''),
        );
      },
    });
    await revoking;
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain(
      'error API_UNAUTHORIZED: the wait stopped: the API rejected the token in ACME_STAGING_TOKEN (401)',
    );
    expect(run.stdout).toContain(`  Create a new token in the dashboard (settings, API) and set ${TOKEN_NAMED} to it.`);
    expectNoDefaultNames(run);
  });

  it('a saved plan names the settings it was made with, as saved in it', async () => {
    useUrl(sim.baseUrl);
    const planned = await cli(['plan', '.', '--env', 'staging', '--out', 'staging.plan.json'], FULL);
    expect(planned.code, planned.stderr).toBe(0);
    expect(existsSync(join(dir, 'staging.plan.json'))).toBe(true);
    const run = await cli(['apply', '--plan', 'staging.plan.json'], 'wrong-token-123');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the API rejected the token in ACME_STAGING_TOKEN (401)');
    expect(run.stderr).toContain(
      `set ACME_STAGING_TOKEN (named by settings.environments.staging.token_env at ${TOKEN_ENV_AT}, saved in staging.plan.json) to it.`,
    );
    expectNoDefaultNames(run);
  });
});

describe('monitors ci and check --changed name what their runs really read', () => {
  it('check --changed: a dead api_url points at the setting, --api-url at the flag', async () => {
    useUrl(deadUrl);
    const run = await cli(['check', '.', '--changed', '--env', 'staging'], FULL);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `  Check settings.environments.staging.api_url (${API_URL_AT}) and the network; the command is safe to run again.`,
    );
    expectNoDefaultNames(run);
    useUrl(sim.baseUrl);
    const flag = await cli(['check', '.', '--changed', '--env', 'staging', '--api-url', deadUrl], FULL);
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain('  Check --api-url and the network; the command is safe to run again.');
    expectNoDefaultNames(flag);
  });

  it('ci plan in an environment: a wrong token and a dead api_url are named as in plan', async () => {
    useUrl(sim.baseUrl);
    const token = await cli(['ci', 'plan', '.', '--environments', 'staging', '--provider', 'plain'], 'wrong-token-1');
    expect(token.code).toBe(1);
    expect(token.stdout + token.stderr).toContain('the API rejected the token in ACME_STAGING_TOKEN (401)');
    expect(token.stdout + token.stderr).toContain(`set ${TOKEN_NAMED} to it.`);
    expectNoDefaultNames(token);
    useUrl(deadUrl);
    const dead = await cli(['ci', 'plan', '.', '--environments', 'staging', '--provider', 'plain'], FULL);
    expect(dead.code).toBe(1);
    expect(dead.stdout + dead.stderr).toContain(
      `  Check settings.environments.staging.api_url (${API_URL_AT}) and the network`,
    );
    expectNoDefaultNames(dead);
  });

  it("ci --api-url: its runs name that option (the Action's input on GitHub), not MONITORS_API_URL", async () => {
    const plain = join(dir, 'no-environments');
    mkdirSync(plain, { recursive: true });
    writeFileSync(
      join(plain, 'monitors.yaml'),
      `${E2E_DEFAULTS}monitors:\n  - name: origin one\n    url: https://shop.example.com/one\n`,
    );
    const args = ['ci', 'plan', 'no-environments', '--api-url', deadUrl];
    const run = await cli([...args, '--provider', 'plain'], FULL, { MONITORS_API_TOKEN: FULL });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain(
      '  Check monitors ci --api-url and the network; the command is safe to run again.',
    );
    const github = await cli([...args, '--provider', 'github', '--no-comment'], FULL, {
      MONITORS_API_TOKEN: FULL,
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    });
    expect(github.code).toBe(1);
    expect(github.stdout + github.stderr).toContain(
      "  Check monitors ci --api-url (the Action's api-url input) and the network; the command is safe to run again.",
    );
    // Without --api-url, the job's own MONITORS_API_URL is what the run read, and is named.
    const job = await cli(['ci', 'plan', 'no-environments', '--provider', 'plain'], FULL, { MONITORS_API_TOKEN: FULL });
    expect(job.stdout + job.stderr).toContain(
      '  Check MONITORS_API_URL and the network; the command is safe to run again.',
    );
  });
});

/** A loopback port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
