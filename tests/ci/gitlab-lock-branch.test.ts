// The lock record on a branch (docs/ci.md, "Where the lock record lives") under GitLab CI: the
// job's checkout as GitLab's runner makes it (origin holds the CI/CD job token in its URL),
// a Git server over HTTP with GitLab's rules (tests/helpers/git-http-server.ts), and
// `monitors ci apply --lock-branch` pushing with the project access token of
// MONITORS_GITLAB_TOKEN. The token reaches git as an HTTP header through GIT_CONFIG_*
// variables only: never on a command line, in a URL, in the output or in a file, nor its base64.
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLock } from '../../src/lock/lock-file.js';
import { commitFiles, git, makeOrigin, showFile } from '../helpers/git-sandbox.js';
import { startGitHttpServer, type GitHttpServer } from '../helpers/git-http-server.js';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const PROJECT_TOKEN = 'glpat-lock-pusher-SENTINEL';
const JOB_TOKEN = 'glcbt-job-SENTINEL';
const monitor = (name: string) => `  - name: "${name}"\n    url: https://example.com/${name.replace(/\W+/g, '-')}\n`;

let sim: SimProcess;
let server: GitHttpServer;
let root: string;
let origin: string;
let job: string;
let gitLog: string;
const serverOptions = { root: '', jobToken: JOB_TOKEN, pushTokens: [PROJECT_TOKEN], jobTokenMayPush: false };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ci-gitlab-lock-'));
  serverOptions.root = join(root, 'served');
  mkdirSync(join(serverOptions.root, 'acme'), { recursive: true });
  origin = makeOrigin(join(serverOptions.root, 'acme'), {
    'monitors/site.yaml': `${E2E_DEFAULTS}monitors:\n${monitor('site: home')}`,
  });
  [sim, server] = await Promise.all([startSimProcess(), startGitHttpServer(serverOptions)]);
  // The job's checkout, as GitLab's runner makes it: origin's URL carries the job token.
  job = join(root, 'job');
  mkdirSync(job);
  const url = new URL(`${server.url}/acme/origin.git`);
  url.username = 'gitlab-ci-token';
  url.password = JOB_TOKEN;
  git(job, 'init', '-q', '-b', 'main');
  git(job, 'remote', 'add', 'origin', url.href);
  // Asynchronous: the Git server runs in this very process.
  await promisify(execFile)('git', ['fetch', '-q', '--depth=20', 'origin', 'main'], {
    cwd: job,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: job,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_TERMINAL_PROMPT: '0',
    },
  });
  git(job, 'checkout', '-q', '-B', 'main', 'FETCH_HEAD');
  // Every git the CLI runs goes through this shim, which writes down its command line.
  gitLog = join(root, 'git-argv.log');
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  mkdirSync(join(root, 'bin'));
  writeFileSync(join(root, 'bin', 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> "${gitLog}"\nexec "${real}" "$@"\n`);
  chmodSync(join(root, 'bin', 'git'), 0o755);
});

afterAll(async () => {
  await Promise.all([sim?.stop(), server?.close()]);
  rmSync(root, { recursive: true, force: true });
});

/** A GitLab CI job on the default branch. */
const gitlabEnv = (extra: Record<string, string> = {}) => ({
  PATH: `${join(root, 'bin')}:${process.env.PATH ?? ''}`,
  HOME: job,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  LC_ALL: 'C',
  CI: 'true',
  GITLAB_CI: 'true',
  CI_SERVER_URL: server.url,
  CI_API_V4_URL: `${server.url}/api/v4`,
  CI_PROJECT_ID: '42',
  CI_PIPELINE_SOURCE: 'push',
  CI_COMMIT_BRANCH: 'main',
  CI_DEFAULT_BRANCH: 'main',
  CI_JOB_TOKEN: JOB_TOKEN,
  GITLAB_USER_NAME: 'Ada Lovelace',
  GITLAB_USER_EMAIL: 'ada@example.com',
  MONITORS_API_URL: sim.baseUrl,
  MONITORS_API_TOKEN: sim.token,
  MONITORS_GITLAB_TOKEN: PROJECT_TOKEN,
  ...extra,
});

const ci =
  (...args: string[]) =>
  (env: Record<string, string>) =>
    runCli(['ci', ...args], { cwd: job, env, timeoutMs: 120_000 });
const lockOnBranch = () =>
  parseLock(showFile(origin, 'monitors-state', 'monitors/monitors.lock.json') ?? '', 'branch').monitors.map(
    (r) => r.name,
  );
const leaks = (text: string) =>
  [PROJECT_TOKEN, JOB_TOKEN, Buffer.from(`oauth2:${PROJECT_TOKEN}`).toString('base64'), sim.token].filter((t) =>
    text.includes(t),
  );

describe('monitors ci apply --lock-branch with a GitLab remote', { timeout: 120_000 }, () => {
  it('pushes the lock record with the project access token, which appears in no output, argument or file', async () => {
    const apply = await ci('apply', 'monitors', '--lock-branch', 'monitors-state')(gitlabEnv());
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/Lock record saved: monitors\/monitors\.lock\.json on monitors-state of origin/);
    expect(lockOnBranch()).toEqual(['site: home']);
    // Committed as the user the pipeline runs for, pushed with the project token (the job token may not push).
    expect(git(origin, 'log', '-1', '--format=%an <%ae>', 'monitors-state')).toBe('Ada Lovelace <ada@example.com>');
    expect(server.credentials).toContain(`oauth2:${PROJECT_TOKEN}`);
    const argv = readFileSync(gitLog, 'utf8');
    expect(argv).toMatch(/^push /m);
    const files = ['report.md', 'outputs.env'].map((f) => readFileSync(join(job, 'monitors-ci', f), 'utf8')).join('');
    expect(
      leaks(apply.stdout + apply.stderr + argv + files + readFileSync(join(job, '.git', 'config'), 'utf8')),
    ).toEqual(
      [JOB_TOKEN], // in the runner's own origin URL (.git/config), never printed
    );
    expect(leaks(apply.stdout + apply.stderr + argv + files)).toEqual([]);

    // The next plan reads the record from the branch: nothing to change.
    const plan = await ci('plan', 'monitors', '--lock-branch', 'monitors-state')(gitlabEnv());
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(readFileSync(join(job, 'monitors-ci', 'outputs.env'), 'utf8')).toBe(
      'MONITORS_CHANGES=false\nMONITORS_EXIT_CODE=0\n',
    );
  });

  it('without a project token, fails clearly when the job token may not push, printing no token', async () => {
    commitFiles(
      job,
      { 'monitors/site.yaml': `${E2E_DEFAULTS}monitors:\n${monitor('site: home')}${monitor('site: api')}` },
      'more',
    );
    const apply = await ci(
      'apply',
      'monitors',
      '--lock-branch',
      'monitors-state',
    )(gitlabEnv({ MONITORS_GITLAB_TOKEN: '' }));
    expect(apply.code).toBe(1);
    expect(apply.stderr).toMatch(/error LOCK_PUSH_REFUSED: .*You are not allowed to push code to this project/);
    expect(leaks(apply.stdout + apply.stderr)).toEqual([]);
    expect(lockOnBranch()).toEqual(['site: home']);
  });

  it('pushes with the job token alone where the project allows job tokens to push', async () => {
    serverOptions.jobTokenMayPush = true;
    try {
      const apply = await ci(
        'apply',
        'monitors',
        '--lock-branch',
        'monitors-state',
      )(gitlabEnv({ MONITORS_GITLAB_TOKEN: '' }));
      expect(apply.code, apply.stdout + apply.stderr).toBe(0);
      expect(lockOnBranch()).toEqual(['site: api', 'site: home']);
      expect(leaks(apply.stdout + apply.stderr)).toEqual([]);
    } finally {
      serverOptions.jobTokenMayPush = false;
    }
  });
});
