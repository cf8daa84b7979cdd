// The "Commit the lock files" step of the environments workflow that commits the lock files
// to main (examples/github-lock-on-main), run as written (bash, real git, a bare repository
// as origin): the lock file of each environment the apply wrote, committed together on top
// of main as it is now.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const WORKFLOW = fileURLToPath(
  new URL('../../examples/github-lock-on-main/.github/workflows/monitors-environments.yml', import.meta.url),
);
const LOCKS = ['monitors/locks/staging.lock.json', 'monitors/locks/production.lock.json'];

interface Step {
  name?: string;
  id?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
const jobs = (
  parse(readFileSync(WORKFLOW, 'utf8')) as { jobs: Record<string, { steps: Step[]; env: Record<string, string> }> }
).jobs;
const step = jobs.apply!.steps.find((s) => s.name === 'Commit the lock files')!;

let root: string;
/** Runs git; anything it warns about on stderr (such as cloning an empty repository) fails the test instead of littering the test output. */
function run(cwd: string, ...args: string[]): string {
  const git = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@e',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@e',
      GIT_CONFIG_NOSYSTEM: '1',
    },
  });
  if (git.status !== 0) throw new Error(`git ${args.join(' ')} exited ${git.status}: ${git.stderr}`);
  if (/warning:/i.test(git.stderr)) throw new Error(`git ${args.join(' ')} warned: ${git.stderr}`);
  return git.stdout.trim();
}
const record = (id: string) =>
  `{"format_version":1,"salt":"s","monitors":[{"id":"${id}","name":"m","fingerprint":"f"}]}\n`;
function put(repo: string, file: string, text: string): void {
  mkdirSync(dirname(join(repo, file)), { recursive: true });
  writeFileSync(join(repo, file), text);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lock-commit-env-'));
  run(root, 'init', '-q', '--bare', '-b', 'main', 'origin.git');
  // The first commit is made in a new repository and pushed: cloning the still empty origin would warn.
  run(root, 'init', '-q', '-b', 'main', 'seed');
  run(join(root, 'seed'), 'remote', 'add', 'origin', join(root, 'origin.git'));
  put(join(root, 'seed'), 'monitors/settings.yaml', 'settings: {}\n');
  put(join(root, 'seed'), LOCKS[0]!, record('staging-v1'));
  run(join(root, 'seed'), 'add', '.');
  run(join(root, 'seed'), 'commit', '-qm', 'monitors as code');
  run(join(root, 'seed'), 'push', '-q', 'origin', 'HEAD:main');
  run(root, 'clone', '-q', 'origin.git', 'job');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function commitStep(lockFiles: string) {
  return spawnSync('bash', ['-e', '-c', step.run!], {
    cwd: join(root, 'job'),
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: root,
      GITHUB_REF_NAME: 'main',
      RUNNER_TEMP: join(root, 'tmp'),
      GIT_CONFIG_NOSYSTEM: '1',
      LOCK_FILES: lockFiles,
    },
    timeout: 60_000,
  });
}

describe('the environments workflow', () => {
  it('plans every environment and applies them in order, with tokens from secrets only', () => {
    const plan = jobs.plan!.steps.find((s) => s.with?.command === 'plan')!;
    expect(plan.with?.environments).toBe('all');
    const apply = jobs.apply!.steps.find((s) => s.with?.command === 'apply')!;
    expect(apply.with?.environments).toBe('staging production');
    expect(step.env?.LOCK_FILES).toBe(`\${{ steps.${apply.id}.outputs.lock-files }}`);
    for (const job of [jobs.plan!, jobs.apply!])
      for (const value of Object.values(job.env)) expect(value).toMatch(/^\$\{\{ secrets\.[A-Z_]+ \}\}$/);
  });

  it("commits each environment's lock file together, a new one included, on top of a main that moved", () => {
    const job = join(root, 'job');
    put(job, LOCKS[0]!, record('staging-v2'));
    put(job, LOCKS[1]!, record('production-v1')); // first apply of production: untracked
    run(root, 'clone', '-q', 'origin.git', 'other');
    put(join(root, 'other'), 'monitors/settings.yaml', 'settings: {max_deletes: 3}\n');
    run(join(root, 'other'), 'commit', '-qam', 'merged while the apply ran');
    run(join(root, 'other'), 'push', '-q', 'origin', 'HEAD:main');

    const result = commitStep(LOCKS.join(' '));
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const origin = join(root, 'origin.git');
    expect(run(origin, 'log', '--format=%s', 'main').split('\n').slice(0, 2)).toEqual([
      'monitors: update lock files after apply [skip ci]',
      'merged while the apply ran',
    ]);
    expect(run(origin, 'show', `main:${LOCKS[0]}`)).toBe(record('staging-v2').trim());
    expect(run(origin, 'show', `main:${LOCKS[1]}`)).toBe(record('production-v1').trim());
  });

  it('commits nothing when no lock file changed, or when the apply reported none', () => {
    expect(commitStep(LOCKS.join(' ')).stdout).toContain('Lock files unchanged.');
    expect(commitStep('').stdout).toContain('Lock files unchanged.');
    expect(run(join(root, 'origin.git'), 'log', '-1', '--format=%s', 'main')).toBe('monitors as code');
  });
  it('quotes the lock paths it found: an array, never a word-split, glob-expanded $present', () => {
    expect(step.run).not.toMatch(/\$present\b/);
    expect(step.run).toContain('git add -- "${present[@]}"');
    expect(step.run).toContain('git status --porcelain -- "${present[@]}"');
  });
});
