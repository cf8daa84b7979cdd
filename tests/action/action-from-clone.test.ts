// The Action as a repository meets it: this repository cloned at HEAD into an empty folder
// (only committed files: no node_modules, no dist/), a user repository holding nothing but
// YAML, and the step action.yml declares run as a runner runs a composite step (bash, with
// the inputs in the env it lists, GITHUB_ACTION_PATH the clone), for validate and for plan
// on a pull request, against the simulator started from the clone's own bundle. The npm
// registry is unreachable and npm/npx on PATH fail loudly: nothing is installed or fetched.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../check/servers/loopback.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REPO = 'acme/monitors-config';
const run = promisify(execFile);

let root: string;
let clone: string;
let user: string;
let sim: SimProcess;
let github: FakeGitHub;
let registry: string;
let calls: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'action-clone-'));
  clone = join(root, 'action');
  mkdirSync(clone);
  // Only what HEAD commits: fetched from this checkout, checked out in an empty folder.
  const git = (...args: string[]) =>
    run('git', args, { cwd: clone, env: { PATH: process.env.PATH ?? '', HOME: root, GIT_CONFIG_NOSYSTEM: '1' } });
  await git('init', '-q');
  await git('fetch', '-q', '--depth=1', `file://${ROOT}`, 'HEAD');
  await git('checkout', '-q', '--detach', 'FETCH_HEAD');
  // A repository of monitors: YAML, nothing else.
  user = join(root, 'user');
  mkdirSync(join(user, 'monitors'), { recursive: true });
  writeFileSync(
    join(user, 'monitors', 'site.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: "site: home"\n    url: https://example.com/\n  - name: "site: api"\n    url: https://example.com/api\n`,
  );
  writeFileSync(join(user, 'event.json'), JSON.stringify({ pull_request: { number: 3 } }));
  // npm and npx that say they were called, and a registry nobody listens on.
  calls = join(root, 'npm-calls.log');
  mkdirSync(join(root, 'bin'));
  for (const tool of ['npm', 'npx']) {
    writeFileSync(join(root, 'bin', tool), `#!/bin/sh\necho "${tool} $*" >> "${calls}"\nexit 1\n`);
    chmodSync(join(root, 'bin', tool), 0o755);
  }
  registry = `http://127.0.0.1:${await closedPort()}/`;
  [sim, github] = await Promise.all([
    startSimProcess([], join(clone, 'bundle', 'monitors.mjs')), // the simulator from the clone's bundle
    startFakeGitHub(REPO),
  ]);
});

afterAll(async () => {
  await Promise.all([sim?.stop(), github?.close()]);
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Runs the composite step of the clone's action.yml with these inputs, as a runner does. */
async function runStep(inputs: Record<string, string>): Promise<{ code: number; output: string }> {
  const action = parse(readFileSync(join(clone, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>;
    runs: { using: string; steps: { shell: string; run: string; env: Record<string, string> }[] };
  };
  expect(action.runs.using).toBe('composite');
  const [step] = action.runs.steps;
  expect(step!.shell).toBe('bash');
  const value = (name: string) => inputs[name] ?? action.inputs[name]?.default ?? '';
  const expand = (text: string) =>
    text
      .replace(/\$\{\{ inputs\.([\w-]+) \}\}/g, (_, name: string) => value(name))
      .replace(/\$\{\{ github\.token \}\}/g, 'ghs_fake');
  const stepEnv = Object.fromEntries(Object.entries(step!.env).map(([k, v]) => [k, expand(String(v))]));
  const env = {
    PATH: `${join(root, 'bin')}:${process.env.PATH ?? ''}`,
    HOME: user,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_ACTION_PATH: clone,
    GITHUB_WORKSPACE: user,
    GITHUB_EVENT_PATH: join(user, 'event.json'),
    GITHUB_API_URL: github.apiUrl,
    GITHUB_REPOSITORY: REPO,
    GITHUB_STEP_SUMMARY: join(user, 'summary.md'),
    GITHUB_OUTPUT: join(user, 'output.txt'),
    MONITORS_API_TOKEN: sim.token,
    npm_config_registry: registry,
    NPM_CONFIG_REGISTRY: registry,
    ...stepEnv,
  };
  writeFileSync(env.GITHUB_OUTPUT, '');
  try {
    const { stdout, stderr } = await run('bash', ['-e', '-c', expand(step!.run)], { cwd: user, env, timeout: 120_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe(
  'the Action from a clone of HEAD, in a repository of YAML only, with no registry',
  { timeout: 240_000 },
  () => {
    it('the clone holds the bundle and nothing built or installed', () => {
      expect(existsSync(join(clone, 'bundle', 'monitors.mjs'))).toBe(true);
      expect(existsSync(join(clone, 'node_modules'))).toBe(false);
      expect(existsSync(join(clone, 'dist'))).toBe(false);
      expect(readFileSync(join(clone, 'action', 'run.mjs'), 'utf8')).not.toMatch(/\bnpx\b/);
    });

    it('validate', async () => {
      const result = await runStep({ command: 'validate', path: 'monitors' });
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain('2 monitors in 1 file: valid.');
      // The findings (none) as SARIF too, for code scanning.
      expect(readFileSync(join(user, 'output.txt'), 'utf8')).toBe(
        'sarif-file=monitors-ci/monitors.sarif\nchanges=false\nexit-code=0\n',
      );
    });

    it('plan on a pull request: the plan in the summary, the outputs and one comment', async () => {
      const result = await runStep({ command: 'plan', path: 'monitors', 'api-url': sim.baseUrl });
      expect(result.code, result.output).toBe(0);
      expect(readFileSync(join(user, 'output.txt'), 'utf8')).toBe('changes=true\nexit-code=2\n');
      expect(readFileSync(join(user, 'summary.md'), 'utf8')).toContain(
        '**Plan: 2 to create, 0 to update, 0 to delete.**',
      );
      expect(result.output).toContain('monitors: plan comment created');
      expect(github.comments.get(3)![0]!.body).toMatch(
        /^<!-- monitors-plan:monitors -->\n#### monitors plan `monitors`\n/,
      );
    });

    it('called neither npm nor npx', () => {
      expect(existsSync(calls) ? readFileSync(calls, 'utf8') : '').toBe('');
    });
  },
);
