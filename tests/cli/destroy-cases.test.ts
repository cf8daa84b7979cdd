// `monitors destroy` beyond the plain run (tests/cli/destroy.test.ts), with the built CLI
// against the simulator: one environment of two, the lock file on a branch of a real bare
// repository, a delete that fails, Ctrl-C in the middle, and the question at a terminal.
// Each behaves as apply does: what was deleted is recorded, what was not keeps its record.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLock } from '../../src/lock/lock-file.js';
import { GIT_TEST_ENV, checkout, makeOrigin, showFile } from '../helpers/git-sandbox.js';
import { CLI_PATH, runCli, type CliOptions, type CliResult } from '../helpers/run-cli.js';
import { setFaults } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { Workdir, monitorsYaml, SLOW } from './lifecycle/servers.js';

let staging: SimProcess;
let production: SimProcess;
const dirs: Workdir[] = [];
beforeAll(async () => {
  [staging, production] = await Promise.all([startSimProcess(), startSimProcess()]);
});
afterAll(async () => {
  await Promise.all([staging.stop(), production.stop()]);
  for (const d of dirs) d.remove();
});

const simEnv = (sim: SimProcess) => ({ MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token });
const liveNames = async (sim: SimProcess) => {
  const res = await fetch(`${sim.baseUrl}/monitors?per_page=100`, {
    headers: { authorization: `Bearer ${sim.token}` },
  });
  return ((await res.json()) as { data: { name: string }[] }).data.map((m) => m.name).sort();
};
function workdir(files: Record<string, string>): Workdir {
  const work = new Workdir();
  dirs.push(work);
  work.write(files);
  return work;
}
const run = (work: Workdir, args: string[], env: Record<string, string> = {}, watch?: CliOptions['watch']) =>
  runCli(args, {
    cwd: work.dir,
    env: { CI: 'true', MONITORS_RETRY_BASE_MS: '5', ...env },
    timeoutMs: 30_000,
    ...(watch ? { watch } : {}),
  });
const ok = (result: CliResult) => expect(result.code, result.stdout + result.stderr).toBe(0);

describe('destroy in one environment of two', SLOW, () => {
  it('deletes that workspace’s managed monitors and empties its lock file; the other environment is untouched', async () => {
    const work = workdir({
      'settings.yaml': `settings:\n  environments:\n    staging:\n      api_url: \${env:STAGING_URL}\n      token_env: STAGING_TOKEN\n    production:\n      api_url: \${env:PRODUCTION_URL}\n      token_env: PRODUCTION_TOKEN\n`,
      'monitors.yaml': monitorsYaml(['env home', 'env cart']),
    });
    const env = {
      STAGING_URL: staging.baseUrl,
      STAGING_TOKEN: staging.token,
      PRODUCTION_URL: production.baseUrl,
      PRODUCTION_TOKEN: production.token,
    };
    ok(await run(work, ['apply', '--env', 'staging', '--yes'], env));
    ok(await run(work, ['apply', '--env', 'production', '--yes'], env));
    const productionLock = work.read('monitors.production.lock.json');

    const none = await run(work, ['destroy', '--yes'], env);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('error ENV_REQUIRED');
    const destroyed = await run(work, ['destroy', '--env', 'staging', '--yes'], env);
    ok(destroyed);
    expect(destroyed.stdout.startsWith('Environment: staging\n')).toBe(true);
    expect(await liveNames(staging)).toEqual([]);
    expect(work.lockNames('monitors.staging.lock.json')).toEqual([]);
    expect(await liveNames(production)).toEqual(['env cart', 'env home']);
    expect(work.read('monitors.production.lock.json')).toBe(productionLock);
  });
});

describe('destroy with the lock file on a branch', SLOW, () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'destroy-branch-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads the records from the branch, deletes their monitors, and pushes the empty lock file back', async () => {
    const origin = makeOrigin(root, { 'monitors/shop.yaml': monitorsYaml(['branch home', 'branch cart']) });
    const env = { ...simEnv(production), ...GIT_TEST_ENV };
    const first = checkout(root, 'first', origin);
    ok(await runCli(['apply', 'monitors', '--yes', '--lock-branch', 'monitors-state'], { cwd: first, env }));
    const lockOnBranch = () =>
      parseLock(showFile(origin, 'monitors-state', 'monitors/monitors.lock.json') ?? '', 'branch');
    expect(lockOnBranch().monitors).toHaveLength(2);

    const job = checkout(root, 'job', origin);
    const destroyed = await runCli(['destroy', 'monitors', '--yes', '--lock-branch', 'monitors-state'], {
      cwd: job,
      env,
    });
    ok(destroyed);
    expect(destroyed.stderr).toContain('Lock record: monitors/monitors.lock.json from monitors-state of origin.');
    expect(destroyed.stdout).toMatch(/Lock record saved: monitors\/monitors\.lock\.json on monitors-state of origin/);
    expect(lockOnBranch().monitors).toEqual([]);
    expect((await liveNames(production)).filter((n) => n.startsWith('branch '))).toEqual([]);
  });
});

describe('destroy when a delete fails, or is interrupted', SLOW, () => {
  it('a refused delete keeps its record; the other deletes are recorded; running it again finishes', async () => {
    const work = workdir({ 'monitors.yaml': monitorsYaml(['fail a', 'fail b', 'fail c']) });
    ok(await run(work, ['apply', '--yes'], simEnv(staging)));
    await setFaults(staging.adminUrl, { next: [{ method: 'DELETE', fault: 'error', status: 500 }] });
    const failed = await run(work, ['destroy', '--yes', '--concurrency', '1'], {
      ...simEnv(staging),
      MONITORS_MAX_ATTEMPTS: '1',
    });
    expect(failed.code, failed.stdout + failed.stderr).toBe(1);
    expect(failed.stdout).toContain('Destroy complete: 2 deleted, 1 failed.');
    expect(failed.stdout).toContain('Run the same destroy again: it finishes the work without repeating it.');
    expect(work.lockNames()).toEqual(['fail a']); // the first delete (by name) met the fault
    expect(await liveNames(staging)).toEqual(['fail a']);
    const again = await run(work, ['destroy', '--yes'], simEnv(staging));
    ok(again);
    expect(again.stdout).toContain('Destroy complete: 1 deleted, 0 failed.');
    expect(work.lockNames()).toEqual([]);
  });

  it('Ctrl-C starts no new delete, records those done, and exits 130', async () => {
    const names = Array.from({ length: 6 }, (_, i) => `sigint ${i}`);
    const work = workdir({ 'monitors.yaml': monitorsYaml(names) });
    ok(await run(work, ['apply', '--yes'], simEnv(staging)));
    await setFaults(staging.adminUrl, { holdWritesMs: 300 });
    let sent = false;
    const interrupted = await run(
      work,
      ['destroy', '--yes', '--concurrency', '1'],
      simEnv(staging),
      (child, { stderr }) => {
        if (!sent && /^deleted /m.test(stderr)) {
          sent = true;
          child.kill('SIGINT');
        }
      },
    );
    await setFaults(staging.adminUrl, { holdWritesMs: 0 });
    expect(interrupted.code, interrupted.stdout + interrupted.stderr).toBe(130);
    expect(interrupted.stderr).toContain('SIGINT: starting no more changes');
    expect(interrupted.stdout).toMatch(/Destroy interrupted: \d deleted, 0 failed, \d not started\./);
    const left = await liveNames(staging);
    expect(left.length).toBeGreaterThan(0);
    expect(work.lockNames(), 'the lock file records exactly the monitors still live').toEqual(left);
    ok(await run(work, ['destroy', '--yes'], simEnv(staging)));
    expect(await liveNames(staging)).toEqual([]);
  });
});

const hasScript = spawnSync('script', ['--version']).status === 0;

describe.skipIf(!hasScript)('destroy at a terminal', SLOW, () => {
  /** Runs `monitors destroy` in a pseudo-terminal (util-linux `script`) and types `answer` once asked. */
  function destroyAtTerminal(work: Workdir, answer: string): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn('script', ['-qec', `${process.execPath} ${CLI_PATH} destroy`, '/dev/null'], {
        cwd: work.dir,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', TERM: 'xterm', ...simEnv(production) },
      });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        output += d;
        if (output.includes('Only "yes" will be accepted') && !child.stdin.writableEnded)
          child.stdin.end(`${answer}\n`);
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  it('asks how many monitors it deletes; only "yes" goes on', async () => {
    const work = workdir({ 'monitors.yaml': monitorsYaml(['tty home', 'tty cart']) });
    ok(await run(work, ['apply', '--yes'], simEnv(production)));
    const no = await destroyAtTerminal(work, 'no');
    expect(no.output).toContain(
      'Do you really want to delete all 2 monitors this repository manages? This cannot be undone.',
    );
    expect(no.output).toContain('destroy cancelled; nothing was changed');
    expect(no.code).toBe(1);
    expect(work.lockNames()).toEqual(['tty cart', 'tty home']);
    const yes = await destroyAtTerminal(work, 'yes');
    expect(yes.code, yes.output).toBe(0);
    expect(work.lockNames()).toEqual([]);
    expect((await liveNames(production)).filter((n) => n.startsWith('tty '))).toEqual([]);
  });
});
