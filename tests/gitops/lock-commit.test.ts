// The "Commit the lock file" step of the example workflow that commits the lock file to
// main (examples/github-lock-on-main), run as written (bash, real git, a bare repository as
// origin): it commits the lock file the apply left, on top of a main that moved meanwhile,
// even when that move touched the lock file too, without looping CI.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const WORKFLOW = fileURLToPath(
  new URL('../../examples/github-lock-on-main/.github/workflows/monitors.yml', import.meta.url),
);
const LOCK = 'monitors/monitors.lock.json';
const GIT_ENV = {
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
  GIT_CONFIG_NOSYSTEM: '1',
};

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
}
const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as { jobs: { apply: { steps: Step[] } } };
const commitStep = workflow.jobs.apply.steps.find((s) => s.name === 'Commit the lock file')!;

let root: string;
/** Runs git; anything it warns about on stderr (such as cloning an empty repository) fails the test instead of littering the test output. */
function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  if (/warning:/i.test(run.stderr)) throw new Error(`git ${args.join(' ')} warned: ${run.stderr}`);
  return run.stdout.trim();
}
const lockText = (generation: string) =>
  `${JSON.stringify({ format_version: 1, salt: 's', monitors: [{ id: generation, name: 'm', fingerprint: generation }] }, null, 2)}\n`;

function clone(name: string): string {
  const dir = join(root, name);
  git(root, 'clone', '-q', join(root, 'origin.git'), dir);
  return dir;
}

function commitFile(repo: string, path: string, text: string, message: string): void {
  writeFileSync(join(repo, path), text);
  git(repo, 'add', path);
  git(repo, 'commit', '-qm', message);
  git(repo, 'push', '-q', 'origin', 'HEAD:main');
}

/** Runs the step's script as the runner would (bash -e), in the job's checkout. */
function runCommitStep(checkout: string) {
  const runnerTemp = join(root, 'runner-temp');
  mkdirSync(runnerTemp, { recursive: true });
  return spawnSync('bash', ['-e', '-c', commitStep.run!], {
    cwd: checkout,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: root,
      GITHUB_REF_NAME: 'main',
      RUNNER_TEMP: runnerTemp,
      GIT_CONFIG_NOSYSTEM: '1',
    },
    timeout: 60_000,
  });
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lock-commit-'));
  git(root, 'init', '-q', '--bare', '-b', 'main', 'origin.git');
  // The first commit is made in a new repository and pushed: cloning the still empty origin would warn.
  const seed = join(root, 'seed');
  git(root, 'init', '-q', '-b', 'main', seed);
  git(seed, 'remote', 'add', 'origin', join(root, 'origin.git'));
  mkdirSync(join(seed, 'monitors'));
  writeFileSync(join(seed, 'monitors', 'shop.yaml'), 'monitors: []\n');
  writeFileSync(join(seed, LOCK), lockText('v1'));
  git(seed, 'add', '.');
  git(seed, 'commit', '-qm', 'monitors as code');
  git(seed, 'push', '-q', 'origin', 'HEAD:main');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the example workflow commits the lock file after apply', () => {
  it('applies the newest main, not the commit that triggered the run (an earlier apply may have committed the lock since)', () => {
    const checkout = workflow.jobs.apply.steps.find((s) => s.uses?.startsWith('actions/checkout'))!;
    expect(checkout.with?.ref).toBe('${{ github.ref }}');
  });

  it('commits with [skip ci] when main did not move', () => {
    const job = clone('job');
    writeFileSync(join(job, LOCK), lockText('v2'));
    const run = runCommitStep(job);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const origin = join(root, 'origin.git');
    expect(git(origin, 'log', '-1', '--format=%s', 'main')).toBe('monitors: update lock file after apply [skip ci]');
    expect(git(origin, 'show', `main:${LOCK}`)).toBe(lockText('v2').trim());
  });

  it('lands on top of a main that moved during the apply, keeping both changes', () => {
    const job = clone('job');
    const other = clone('other');
    commitFile(other, 'monitors/shop.yaml', 'monitors: [] # merged while the apply ran\n', 'another pull request');
    writeFileSync(join(job, LOCK), lockText('v2'));
    const run = runCommitStep(job);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const origin = join(root, 'origin.git');
    expect(git(origin, 'log', '--format=%s', 'main').split('\n').slice(0, 2)).toEqual([
      'monitors: update lock file after apply [skip ci]',
      'another pull request',
    ]);
    expect(git(origin, 'show', `main:${LOCK}`)).toBe(lockText('v2').trim());
    expect(git(origin, 'show', 'main:monitors/shop.yaml')).toContain('merged while the apply ran');
  });

  it('keeps the lock this apply wrote when main changed the lock file meanwhile (no rebase conflict)', () => {
    const job = clone('job');
    const other = clone('other');
    commitFile(other, LOCK, lockText('v1-edited'), 'a lock file change merged while the apply ran');
    writeFileSync(join(job, LOCK), lockText('v2'));
    const run = runCommitStep(job);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(git(join(root, 'origin.git'), 'show', `main:${LOCK}`)).toBe(lockText('v2').trim());
  });

  it('commits nothing when the apply left the lock file as it was', () => {
    const job = clone('job');
    const run = runCommitStep(job);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('Lock file unchanged.');
    expect(git(join(root, 'origin.git'), 'log', '-1', '--format=%s', 'main')).toBe('monitors as code');
  });
});
