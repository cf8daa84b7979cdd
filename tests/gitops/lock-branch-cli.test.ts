// The CLI's --lock-branch outside the Action: a saved plan applied with the lock on a branch,
// and the errors of a misused flag or a folder that is not a git working tree.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLock } from '../../src/lock/lock-file.js';
import { GIT_TEST_ENV, checkout, git, makeOrigin, showFile } from '../helpers/git-sandbox.js';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const YAML = `${E2E_DEFAULTS}monitors:\n  - name: "saved plan monitor"\n    url: https://example.com/saved\n`;
let sim: SimProcess;
let root: string;

beforeAll(async () => {
  sim = await startSimProcess();
  root = mkdtempSync(join(tmpdir(), 'lock-branch-cli-'));
});
afterAll(async () => {
  await sim.stop();
  rmSync(root, { recursive: true, force: true });
});

const cli = (cwd: string, ...args: string[]) => runCli(args, { cwd, env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token, CI: 'true', ...GIT_TEST_ENV } });

describe('monitors plan/apply --lock-branch', { timeout: 120_000 }, () => {
  it('applies a saved plan with the lock on the branch, and the next plan is clean', async () => {
    const origin = makeOrigin(root, { 'monitors/saved.yaml': YAML });
    const job = checkout(root, 'job', origin);
    const plan = await cli(job, 'plan', 'monitors', '--lock-branch', 'monitors-state', '--out', 'plan.json');
    expect(plan.code, plan.stderr).toBe(0);
    const apply = await cli(job, 'apply', '--plan', 'plan.json', '--lock-branch', 'monitors-state');
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/Lock record saved: monitors\/monitors\.lock\.json on monitors-state of origin/);
    expect(parseLock(showFile(origin, 'monitors-state', 'monitors/monitors.lock.json') ?? '', 'branch').monitors.map((r) => r.name)).toEqual(['saved plan monitor']);
    expect(git(origin, 'log', '-1', '--format=%an', 'monitors-state')).toBe('test'); // the job's own git identity
    const fresh = checkout(root, 'fresh', origin);
    const again = await cli(fresh, 'plan', 'monitors', '--lock-branch', 'monitors-state', '--detailed-exitcode');
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });

  it('explains a misused flag, and a folder that is not a git working tree, before changing anything', async () => {
    const plain = join(root, 'not-a-repo');
    const monitors = join(plain, 'monitors');
    mkdirSync(monitors, { recursive: true });
    writeFileSync(join(monitors, 'm.yaml'), YAML);
    const remoteOnly = await cli(plain, 'plan', 'monitors', '--lock-remote', 'upstream');
    expect(remoteOnly.code).toBe(1);
    expect(remoteOnly.stderr).toBe('error BAD_OPTION: --lock-remote needs --lock-branch\n');
    const notRepo = await cli(plain, 'apply', 'monitors', '--yes', '--lock-branch', 'monitors-state');
    expect(notRepo.code).toBe(1);
    expect(notRepo.stderr).toMatch(/^error LOCK_BRANCH_GIT: --lock-branch needs a git working tree, and .* is not in one: fatal: not a git repository/m);
    expect(notRepo.stdout).not.toMatch(/Apply complete/);
    // Bad YAML is reported as such, not hidden behind the git problem.
    writeFileSync(join(monitors, 'm.yaml'), `${YAML}    retry_count: 99\n`);
    const badYaml = await cli(plain, 'plan', 'monitors', '--lock-branch', 'monitors-state');
    expect(badYaml.stderr).toMatch(/error CONFIG_INVALID/);
    expect(badYaml.stderr).not.toMatch(/LOCK_BRANCH_GIT/);
  });
});
