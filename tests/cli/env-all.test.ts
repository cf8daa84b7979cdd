// `plan|validate|status --env all`: two environments, two workspaces of one simulator, each
// with its own token variable and lock file. One section per environment in text, Markdown
// and JSON, each run with its own token only (production's token missing fails production
// alone), and the exit code the worst of them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const STAGING = 'tok_env_all_staging_0123456789ab';
const PRODUCTION = 'tok_env_all_production_012345ab';
let sim: SimProcess;
let dir: string;

const SETTINGS = `settings:
  environments:
    staging:
      api_url: \${env:SIM_URL}
      token_env: MONITORS_STAGING_TOKEN
      vars: { domain: staging.example.com }
    production:
      api_url: \${env:SIM_URL}
      token_env: MONITORS_PRODUCTION_TOKEN
      vars: { domain: example.com }
`;
const MONITORS = `${E2E_DEFAULTS}monitors:
  - name: home
    url: https://\${var.domain}/
  - name: admin
    url: https://admin.\${var.domain}/
    environments: [production]
`;

const cli = (args: string[], extra: Record<string, string | undefined> = {}) =>
  runCli(args, {
    cwd: dir,
    env: { SIM_URL: sim.baseUrl, MONITORS_STAGING_TOKEN: STAGING, MONITORS_PRODUCTION_TOKEN: PRODUCTION, ...extra },
  });

interface AllJson {
  exit_code: number;
  environments: { name: string; exit_code: number; outcome: string; result: unknown; error?: string }[];
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'env-all-'));
  const tokens = join(dir, 'tokens.json');
  const scopes = ['monitors:read', 'monitors:write', 'incidents:read'];
  writeFileSync(
    tokens,
    JSON.stringify({
      tokens: [
        { token: STAGING, workspace: 'staging', scopes },
        { token: PRODUCTION, workspace: 'production', scopes },
      ],
    }),
  );
  sim = await startSimProcess(['--tokens-file', tokens, '--check-delay', '3600000']);
  mkdirSync(join(dir, 'monitors'));
  writeFileSync(join(dir, 'monitors', 'settings.yaml'), SETTINGS);
  writeFileSync(join(dir, 'monitors', 'shop.yaml'), MONITORS);
  const apply = await cli(['apply', 'monitors', '--env', 'staging', '--yes']);
  if (apply.code !== 0) throw new Error(apply.stderr);
}, 60_000);
afterAll(async () => {
  await sim?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('--env all', { timeout: 60_000 }, () => {
  it('plans every environment with its own token and lock: a section each, the worst exit code', async () => {
    const text = await cli(['plan', 'monitors', '--env', 'all', '--detailed-exitcode']);
    expect(text.code).toBe(2); // production has changes, staging none
    expect(text.stdout).toMatch(/^=== staging: no changes ===\n/);
    expect(text.stdout).toMatch(/\n=== production: changes ===\n[\s\S]*\+ create "admin"/);
    expect(text.stdout).toMatch(
      /Every environment \(2\):\n {2}staging: no changes \(exit 0\)\n {2}production: changes \(exit 2\)\n$/,
    );

    const markdown = await cli(['plan', 'monitors', '--env', 'all', '--format', 'markdown'], { MONITORS_ENV: 'all' });
    expect(markdown.stdout).toMatch(
      /^#### monitors plan `monitors`\n\n- \*\*staging\*\*: No changes\. 1 monitor up to date\.\n- \*\*production\*\*: Plan: 2 to create/,
    );
    expect(markdown.stdout).toContain('##### production');

    // Without production's token, production fails alone; staging still plans with its own.
    const json = await cli(['plan', 'monitors', '--env', 'all', '--format', 'json'], {
      MONITORS_PRODUCTION_TOKEN: undefined,
      MONITORS_API_TOKEN: STAGING,
    });
    expect(json.code).toBe(1);
    const doc = JSON.parse(json.stdout) as AllJson;
    expect(Object.keys(doc).slice(0, 2)).toEqual(['format_version', 'environment']);
    expect(doc.exit_code).toBe(1);
    expect(doc.environments.map((e) => [e.name, e.outcome])).toEqual([
      ['staging', 'ok'],
      ['production', 'failed'],
    ]);
    expect(doc.environments[0]!.result).toMatchObject({ changes: [] });
    expect(doc.environments[1]!.error).toContain('MONITORS_PRODUCTION_TOKEN');
    expect(json.stdout).not.toContain(STAGING);
  });

  it('validates and shows the status of every environment', async () => {
    const validate = await cli(['validate', 'monitors', '--env', 'all', '--format', 'json']);
    expect(validate.code).toBe(0);
    const doc = JSON.parse(validate.stdout) as AllJson;
    expect(doc.environments.map((e) => [e.name, e.outcome])).toEqual([
      ['staging', 'ok'],
      ['production', 'ok'],
    ]);
    const status = await cli(['status', 'monitors', '--env', 'all']);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^=== staging: ok ===\n[\s\S]*home[\s\S]*=== production: ok ===\n/);
  });

  it('runs every command that takes --env: lock list, JUnit of status (a suite each), one badge of the set; apply only with --yes', async () => {
    const lock = await cli(['lock', 'list', 'monitors', '--env', 'all']);
    expect(lock.code, lock.stderr).toBe(0);
    expect(lock.stdout).toMatch(/^=== staging: ok ===\n[\s\S]*home[\s\S]*=== production: ok ===\n/);
    const junit = await cli(['status', 'monitors', '--env', 'all', '--format', 'junit']);
    expect(junit.code, junit.stderr).toBe(0);
    expect(junit.stdout.match(/<testsuites /g)).toHaveLength(1);
    expect([...junit.stdout.matchAll(/<testsuite id="(\d)" name="([^"]+)"/g)].map((m) => [m[1], m[2]])).toEqual([
      ['0', 'monitors status (staging)'],
      ['1', 'monitors status (production)'],
    ]);
    // staging: home (pending); production: home and admin, not created: three cases in all.
    expect(junit.stdout).toMatch(/<testsuites name="monitors status" tests="3" /);
    const badge = await cli(['status', 'monitors', '--format', 'svg']);
    expect(badge.code, badge.stderr).toBe(0);
    expect(badge.stdout).toMatch(/<title>monitors: [^<]+<\/title>/);
    const apply = await cli(['apply', 'monitors', '--env', 'all']);
    expect(apply.code).toBe(1);
    expect(apply.stderr).toMatch(
      /^error BAD_OPTION: --env all applies every environment one after another, and none of them can ask for a confirmation\n {2}Review the plans first/,
    );
    const json = await cli(['apply', 'monitors', '--env', 'all', '--yes', '--format', 'json']);
    expect([json.code, json.stdout]).toEqual([1, '']);
    expect(json.stderr).toMatch(/^error BAD_OPTION: --env all prints each environment's apply as text, not "json"/);
    const sarif = await cli(['validate', 'monitors', '--env', 'all', '--format', 'sarif']);
    expect(sarif.stderr).toMatch(
      /^error BAD_OPTION: --env all combines the validate of every environment as text, json, not "sarif": /,
    );
  });

  it('refuses --out, a set without environments, and YAML it cannot read, located', async () => {
    const out = await cli(['plan', 'monitors', '--env', 'all', '--out', 'p.json']);
    expect(out.stderr).toMatch(/^error BAD_OPTION: --out names one file, and --env all runs every environment/);
    writeFileSync(
      join(dir, 'single.yaml'),
      `${E2E_DEFAULTS}monitors:\n  - name: xx\n    url: https://x.example.com/\n`,
    );
    const none = await cli(['validate', 'single.yaml', '--env', 'all']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(
      /^error ENV_NOT_DECLARED: --env all runs every environment, but the YAML declares no environments/,
    );
    writeFileSync(join(dir, 'single.yaml'), 'monitors:\n  - name: "xx\n');
    const broken = await cli(['plan', 'single.yaml', '--env', 'all']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^single\.yaml:2:11: error yaml\.unclosed_quote .*\nerror CONFIG_INVALID: /);
  });

  it('reads the environments at once up to --parallelism, and says them in the declared order', async () => {
    const one = await cli(['plan', 'monitors', '--env', 'all', '--parallelism', '1', '--format', 'json']);
    const both = await cli(['plan', 'monitors', '--env', 'all', '--parallelism', '2', '--format', 'json']);
    const shape = (stdout: string) =>
      (JSON.parse(stdout) as AllJson).environments.map((e) => [e.name, e.exit_code, e.outcome]);
    expect(shape(both.stdout)).toEqual(shape(one.stdout));
    expect(shape(both.stdout).map(([name]) => name)).toEqual(['staging', 'production']);
    const bad = await cli(['validate', 'monitors', '--env', 'all', '--parallelism', '0']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error BAD_OPTION: --parallelism must be a whole number from 1 to 64, not "0"/);
  });

  it('applies every environment in turn with --yes, and none after one that failed', async () => {
    // Without staging's token, staging fails first: production, next, is not applied.
    const stopped = await cli(['apply', 'monitors', '--env', 'all', '--yes'], { MONITORS_STAGING_TOKEN: undefined });
    expect(stopped.code).toBe(1);
    expect(stopped.stdout).toMatch(/^\n== monitors apply --env staging \(1 of 2\) ==\n/);
    expect(stopped.stdout).not.toContain('--env production');
    expect(stopped.stdout).toMatch(
      /\nmonitors apply --env staging failed \(exit 1\); its own messages are above\. Not applied: production; run the command again once it is fixed\.\n$/,
    );
    expect(stopped.stderr).toContain('MONITORS_STAGING_TOKEN');
    const still = await cli(['plan', 'monitors', '--env', 'production', '--detailed-exitcode']);
    expect(still.code).toBe(2);

    const applied = await cli(['apply', 'monitors', '--env', 'all', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    const staging = applied.stdout.indexOf('== monitors apply --env staging (1 of 2) ==');
    const production = applied.stdout.indexOf('== monitors apply --env production (2 of 2) ==');
    expect(staging).toBeGreaterThanOrEqual(0);
    expect(production).toBeGreaterThan(staging);
    expect(applied.stdout.slice(production)).toMatch(/2 created/);
    expect(applied.stdout).toMatch(/\nApplied every environment: staging, production\.\n$/);
    expect(applied.stdout + applied.stderr).not.toContain(PRODUCTION);
    // Each with its own token and lock: nothing is left to change in either.
    const after = await cli(['plan', 'monitors', '--env', 'all', '--detailed-exitcode']);
    expect(after.code, after.stdout).toBe(0);
  });
});
