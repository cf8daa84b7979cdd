// `removed:` per environment (each its own simulator, token and lock file) and with the
// lock file on a branch of a real bare git repository: the built CLI forgets in the
// environment the entry names only, and the record leaves the branch's lock file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLock } from '../../src/lock/lock-file.js';
import { GIT_TEST_ENV, checkout, commitFiles, makeOrigin, showFile } from '../helpers/git-sandbox.js';
import { runCli } from '../helpers/run-cli.js';
import { startSim, Workdir, monitorsYaml, type TestServer, SLOW } from './lifecycle/servers.js';

let staging: TestServer;
let production: TestServer;
beforeAll(async () => {
  [staging, production] = await Promise.all([startSim(), startSim()]);
});
afterAll(async () => {
  await Promise.all([staging.stop(), production.stop()]);
});

const SETTINGS = `settings:
  environments:
    staging:
      api_url: \${env:STAGING_URL}
      token_env: STAGING_TOKEN
    production:
      api_url: \${env:PRODUCTION_URL}
      token_env: PRODUCTION_TOKEN
`;

describe('removed: per environment', SLOW, () => {
  const work = new Workdir();
  afterAll(() => work.remove());
  const env = () => ({
    STAGING_URL: staging.env.MONITORS_API_URL!,
    STAGING_TOKEN: staging.env.MONITORS_API_TOKEN!,
    PRODUCTION_URL: production.env.MONITORS_API_URL!,
    PRODUCTION_TOKEN: production.env.MONITORS_API_TOKEN!,
  });
  // Neither environment uses MONITORS_API_URL / MONITORS_API_TOKEN: their own URL and token come from settings.
  const cli = (args: string[]) => work.cli(staging, args, { ...env(), MONITORS_API_TOKEN: 'tok_not_used_0000' });

  it('an entry limited to staging forgets there; production keeps managing the monitor and its record', async () => {
    work.write({ 'settings.yaml': SETTINGS, 'monitors.yaml': monitorsYaml(['home', 'legacy']) });
    for (const name of ['staging', 'production']) {
      const run = await cli(['apply', '--env', name, '--yes']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
    }
    work.write({
      'monitors.yaml': monitorsYaml(['home', 'legacy'], 'removed:\n  - name: legacy\n    environments: [staging]\n', {
        legacy: '    environments: [production]\n',
      }),
    });
    const plans = await Promise.all(
      ['staging', 'production'].map((name) => cli(['plan', '--env', name, '--detailed-exitcode'])),
    );
    expect(plans[0]!.code, plans[0]!.stdout + plans[0]!.stderr).toBe(2);
    expect(plans[0]!.stdout).toContain('Plan: 0 to create, 0 to update, 0 to delete, 1 to forget.');
    expect(plans[1]!.code, plans[1]!.stdout + plans[1]!.stderr).toBe(0);
    expect(plans[1]!.stdout).toContain('No changes. 2 monitors up to date.');

    const productionLock = work.read('monitors.production.lock.json');
    await staging.clear();
    const apply = await cli(['apply', '--env', 'staging', '--yes']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(await staging.writes()).toEqual([]);
    expect(work.lockNames('monitors.staging.lock.json')).toEqual(['home']);
    expect(work.read('monitors.production.lock.json')).toBe(productionLock);
    expect((await staging.live()).map((m) => m.name)).toEqual(['home', 'legacy']);
  });
});

describe('removed: with the lock file on a branch', SLOW, () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'lifecycle-branch-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const cli = (cwd: string, ...args: string[]) =>
    runCli(args, { cwd, env: { ...staging.env, CI: 'true', ...GIT_TEST_ENV }, timeoutMs: 30_000 });
  const branchLock = (origin: string) =>
    parseLock(showFile(origin, 'monitors-state', 'monitors/monitors.lock.json') ?? '', 'branch')
      .monitors.map((r) => r.name)
      .sort();

  it('plan reads the record from the branch and shows the forget; apply pushes the lock without it', async () => {
    const origin = makeOrigin(root, { 'monitors/shop.yaml': monitorsYaml(['branch home', 'branch legacy']) });
    const first = checkout(root, 'first', origin);
    const applied = await cli(first, 'apply', 'monitors', '--yes', '--lock-branch', 'monitors-state');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(branchLock(origin)).toEqual(['branch home', 'branch legacy']);

    // The pull request that hands the monitor over, merged; the apply job is a fresh checkout (no lock file in it).
    const job = checkout(root, 'job', origin);
    commitFiles(
      job,
      { 'monitors/shop.yaml': monitorsYaml(['branch home'], 'removed:\n  - name: "branch legacy"\n') },
      'hand branch legacy over',
    );
    const plan = await cli(job, 'plan', 'monitors', '--lock-branch', 'monitors-state');
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('= forget "branch legacy"');
    await staging.clear();
    const apply = await cli(job, 'apply', 'monitors', '--yes', '--lock-branch', 'monitors-state');
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/Lock record saved: monitors\/monitors\.lock\.json on monitors-state of origin/);
    expect(await staging.writes()).toEqual([]);
    expect(branchLock(origin)).toEqual(['branch home']);
    expect((await staging.live()).map((m) => m.name)).toContain('branch legacy');
  });
});
