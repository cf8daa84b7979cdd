// The CLI's --lock-branch outside the Action: a saved plan applied with the lock on a branch,
// a signal while the record is pushed, and the errors of a misused flag or a folder that is
// not a git working tree.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLock } from '../../src/lock/lock-file.js';
import { GIT_TEST_ENV, checkout, git, installHook, makeOrigin, showFile } from '../helpers/git-sandbox.js';
import { CLI_PATH, runCli } from '../helpers/run-cli.js';
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

const cli = (cwd: string, ...args: string[]) =>
  runCli(args, {
    cwd,
    env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token, CI: 'true', ...GIT_TEST_ENV },
  });

describe('monitors plan/apply --lock-branch', { timeout: 120_000 }, () => {
  it('applies a saved plan with the lock on the branch, and the next plan is clean', async () => {
    const origin = makeOrigin(root, { 'monitors/saved.yaml': YAML });
    const job = checkout(root, 'job', origin);
    const plan = await cli(job, 'plan', 'monitors', '--lock-branch', 'monitors-state', '--out', 'plan.json');
    expect(plan.code, plan.stderr).toBe(0);
    const apply = await cli(job, 'apply', '--plan', 'plan.json', '--lock-branch', 'monitors-state');
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/Lock record saved: monitors\/monitors\.lock\.json on monitors-state of origin/);
    expect(
      parseLock(showFile(origin, 'monitors-state', 'monitors/monitors.lock.json') ?? '', 'branch').monitors.map(
        (r) => r.name,
      ),
    ).toEqual(['saved plan monitor']);
    expect(git(origin, 'log', '-1', '--format=%an', 'monitors-state')).toBe('test'); // the job's own git identity
    const fresh = checkout(root, 'fresh', origin);
    const again = await cli(fresh, 'plan', 'monitors', '--lock-branch', 'monitors-state', '--detailed-exitcode');
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });

  it('a Ctrl-C or CI cancel while the record is pushed does not cut the push: the record is saved', async () => {
    mkdirSync(join(root, 'signal'));
    const origin = makeOrigin(join(root, 'signal'), {
      'monitors/saved.yaml': YAML.replace('saved plan monitor', 'signal monitor'),
    });
    const job = checkout(join(root, 'signal'), 'job', origin);
    const [waiting, go] = [join(root, 'signal', 'waiting'), join(root, 'signal', 'go')];
    // The first push (the create about to be sent) goes through; the second (the record) is held.
    const first = join(root, 'signal', 'first-pushed');
    installHook(
      origin,
      'pre-receive',
      `if [ ! -e "${first}" ]; then touch "${first}"; exit 0; fi\ntouch "${waiting}"; i=0; while [ ! -e "${go}" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done\nexit 0`,
    );
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: job,
      NO_COLOR: '1',
      MONITORS_API_URL: sim.baseUrl,
      MONITORS_API_TOKEN: sim.token,
      CI: 'true',
      ...GIT_TEST_ENV,
    };
    const child = spawn(process.execPath, [CLI_PATH, 'apply', 'monitors', '--yes', '--lock-branch', 'monitors-state'], {
      cwd: job,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    for (let i = 0; i < 1200 && !existsSync(waiting); i++) await sleep(50);
    expect(existsSync(waiting), output).toBe(true); // the apply is done and its push is in flight
    child.kill('SIGINT');
    for (let i = 0; i < 200 && !output.includes('SIGINT: '); i++) await sleep(50);
    writeFileSync(go, '');
    expect(await exited, output).toBe(130); // interrupted, as any signal after the writes began (issue 13)
    expect(output).toMatch(/Apply complete: 1 created/);
    expect(output).toMatch(
      /SIGINT: every change was already sent; finishing the report and the lock record \(then exit 130\)/,
    );
    expect(output).toMatch(/Lock record saved: /);
    expect(
      parseLock(showFile(origin, 'monitors-state', 'monitors/monitors.lock.json') ?? '', 'branch').monitors.map(
        (r) => r.name,
      ),
    ).toEqual(['signal monitor']);
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
    expect(notRepo.stderr).toMatch(
      /^error LOCK_BRANCH_GIT: --lock-branch needs a git working tree, and .* is not in one: fatal: not a git repository/m,
    );
    expect(notRepo.stdout).not.toMatch(/Apply complete/);
    // Bad YAML is reported as such, not hidden behind the git problem.
    writeFileSync(join(monitors, 'm.yaml'), `${YAML}    retry_count: 99\n`);
    const badYaml = await cli(plain, 'plan', 'monitors', '--lock-branch', 'monitors-state');
    expect(badYaml.stderr).toMatch(/error CONFIG_INVALID/);
    expect(badYaml.stderr).not.toMatch(/LOCK_BRANCH_GIT/);
  });
});
