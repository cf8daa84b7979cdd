// Environments on a lock branch: each environment's lock file (its lock_file, else
// monitors.NAME.lock.json) sits at its own path on the one branch. The CLI's
// `apply --env NAME --lock-branch` and the Action's apply with `environments:` and
// `lock-branch:`, against two simulators and a real git remote (a bare repository in a temp
// folder); main never gets a commit.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLock } from '../../src/lock/lock-file.js';
import { runActionProcess } from '../action/action-process.js';
import { GIT_TEST_ENV, checkout, git, makeOrigin, showFile } from '../helpers/git-sandbox.js';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const BRANCH = 'monitors-state';
// staging names its lock file; production takes the default name beside the YAML.
const STAGING_LOCK = 'monitors/locks/staging.lock.json';
const PRODUCTION_LOCK = 'monitors/monitors.production.lock.json';
const SETTINGS = `settings:
  environments:
    staging:
      api_url: \${env:STAGING_API_URL}
      token_env: MONITORS_STAGING_TOKEN
      lock_file: locks/staging.lock.json
      vars: { regions: [eu-west] }
    production:
      api_url: \${env:PRODUCTION_API_URL}
      token_env: MONITORS_PRODUCTION_TOKEN
      vars: { regions: [eu-west, us-east] }
`;
const SHOP = `${E2E_DEFAULTS}monitors:
  - name: "api \${each.region}"
    url: https://\${each.region}.api.example.com/
    for_each:
      region: \${var.regions}
`;

let staging: SimProcess;
let production: SimProcess;
let root: string;
let origin: string;

beforeEach(async () => {
  [staging, production] = await Promise.all([startSimProcess(), startSimProcess()]);
  root = mkdtempSync(join(tmpdir(), 'lock-branch-env-'));
  origin = makeOrigin(root, { 'monitors/settings.yaml': SETTINGS, 'monitors/shop.yaml': SHOP });
});
afterEach(async () => {
  await Promise.all([staging.stop(), production.stop()]);
  rmSync(root, { recursive: true, force: true });
});

const tokens = () => ({
  STAGING_API_URL: staging.baseUrl,
  PRODUCTION_API_URL: production.baseUrl,
  MONITORS_STAGING_TOKEN: staging.token,
  MONITORS_PRODUCTION_TOKEN: production.token,
});
const cli = (cwd: string, ...args: string[]) =>
  runCli(args, { cwd, env: { ...tokens(), CI: 'true', ...GIT_TEST_ENV } });
const namesOn = (path: string) => parseLock(showFile(origin, BRANCH, path) ?? '', path).monitors.map((r) => r.name);
const branchFiles = () => git(origin, 'ls-tree', '-r', '--name-only', BRANCH).split('\n');

describe('environments with --lock-branch', { timeout: 180_000 }, () => {
  it("the CLI: each environment's apply reads and pushes its own lock file on the one branch", async () => {
    const first = checkout(root, 'job-1', origin);
    const second = checkout(root, 'job-2', origin); // checked out before the first apply pushed
    const stagingApply = await cli(first, 'apply', 'monitors', '--env', 'staging', '--yes', '--lock-branch', BRANCH);
    expect(stagingApply.code, stagingApply.stdout + stagingApply.stderr).toBe(0);
    expect(stagingApply.stdout).toContain(`Lock record saved: ${STAGING_LOCK} on ${BRANCH} of origin`);
    expect(branchFiles()).toEqual([STAGING_LOCK]);

    const productionApply = await cli(
      second,
      'apply',
      'monitors',
      '--env',
      'production',
      '--yes',
      '--lock-branch',
      BRANCH,
    );
    expect(productionApply.code, productionApply.stdout + productionApply.stderr).toBe(0);
    expect(productionApply.stderr).toContain(`Lock record: none yet for ${PRODUCTION_LOCK} on ${BRANCH} of origin.`);
    expect(productionApply.stdout).toContain(`Lock record saved: ${PRODUCTION_LOCK} on ${BRANCH} of origin`);
    expect(branchFiles()).toEqual([STAGING_LOCK, PRODUCTION_LOCK]);
    expect(namesOn(STAGING_LOCK)).toEqual(['api eu-west']);
    expect(namesOn(PRODUCTION_LOCK)).toEqual(['api eu-west', 'api us-east']);
    expect(git(origin, 'rev-list', '--count', 'main')).toBe('1'); // main never gets a commit

    // A fresh checkout (no lock file in it) plans each environment clean from the branch.
    const fresh = checkout(root, 'fresh', origin);
    for (const name of ['staging', 'production']) {
      const plan = await cli(fresh, 'plan', 'monitors', '--env', name, '--lock-branch', BRANCH, '--detailed-exitcode');
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      expect(plan.stderr).toContain(
        `Lock record: ${name === 'staging' ? STAGING_LOCK : PRODUCTION_LOCK} from ${BRANCH} of origin.`,
      );
    }
  });

  it("the Action: apply with environments and lock-branch pushes every environment's lock file, and the plan of each reads it back", async () => {
    const job = checkout(root, 'action-job', origin, { shallow: true });
    const env = {
      ...tokens(),
      GITHUB_WORKSPACE: job,
      GITHUB_STEP_SUMMARY: join(root, 'summary.md'),
      GITHUB_OUTPUT: join(root, 'output.txt'),
      CI: 'true',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    };
    const apply = await runActionProcess(
      { command: 'apply', path: 'monitors', environments: 'staging production', 'lock-branch': BRANCH },
      env,
    );
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(readFileSync(env.GITHUB_OUTPUT, 'utf8')).toContain(`lock-files=${STAGING_LOCK} ${PRODUCTION_LOCK}\n`);
    expect(branchFiles()).toEqual([STAGING_LOCK, PRODUCTION_LOCK]);
    expect(namesOn(STAGING_LOCK)).toEqual(['api eu-west']);
    expect(namesOn(PRODUCTION_LOCK)).toEqual(['api eu-west', 'api us-east']);
    // Two commits per environment's apply (its creates in flight, then its record), by the Actions bot; main untouched.
    expect(git(origin, 'log', '--format=%an %s', BRANCH).split('\n')).toEqual([
      `github-actions[bot] monitors: lock record of ${PRODUCTION_LOCK} after apply (2 created, 0 updated, 0 deleted, 0 failed) [skip ci]`,
      `github-actions[bot] monitors: 2 creates in flight in ${PRODUCTION_LOCK} [skip ci]`,
      `github-actions[bot] monitors: lock record of ${STAGING_LOCK} after apply (1 created, 0 updated, 0 deleted, 0 failed) [skip ci]`,
      `github-actions[bot] monitors: 1 create in flight in ${STAGING_LOCK} [skip ci]`,
    ]);
    expect(git(origin, 'rev-list', '--count', 'main')).toBe('1');

    const planJob = checkout(root, 'plan-job', origin, { shallow: true });
    const plan = await runActionProcess(
      { command: 'plan', path: 'monitors', environments: 'all', 'lock-branch': BRANCH, comment: 'false' },
      { ...env, GITHUB_WORKSPACE: planJob },
    );
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    const summary = readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8');
    expect(summary).toContain(
      '- **staging**: No changes. 1 monitor up to date.\n- **production**: No changes. 2 monitors up to date.',
    );
  });
});
