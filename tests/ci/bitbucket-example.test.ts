// examples/bitbucket/bitbucket-pipelines.yml, checked and run. It is the starter of
// `monitors init --ci bitbucket`, byte for byte; its structure keeps what docs/ci.md promises
// and the rules of Bitbucket's published pipelines schema (each list item is one `step` or one
// `parallel`, a step has a script of commands, artifacts are paths); and its steps' scripts run
// for real, line by line in sh as Pipelines runs them, with the variables Pipelines sets,
// against the simulator, the fake Bitbucket Cloud API and a git origin: a pull request's
// validate and plan, main's apply (its lock record pushed to monitors-state), the scheduled drift.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLock } from '../../src/lock/lock-file.js';
import { CI_STARTERS } from '../../src/init/ci-starters.js';
import { closedPort } from '../check/servers/loopback.js';
import { pipelinesVariables } from '../helpers/bitbucket/pipelines-variables.js';
import { startFakeBitbucketCloud, type FakeBitbucketCloud } from '../helpers/fake-bitbucket-cloud.js';
import { GIT_TEST_ENV, checkout, git, makeOrigin, showFile } from '../helpers/git-sandbox.js';
import { CLI_PATH } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TEXT = readFileSync(join(ROOT, 'examples/bitbucket/bitbucket-pipelines.yml'), 'utf8');
const pipeline = parse(TEXT) as { image: string; pipelines: Record<string, Record<string, unknown[]> | unknown[]> };
const TOKEN = 'ATCTT3xFfGN0-example-SENTINEL';
const SECRETS = { SHOP_API_TOKEN: 'shop-SENTINEL', SHOP_ADMIN_PASSWORD: 'admin-SENTINEL' };
type Step = { name: string; script: string[]; artifacts?: string[]; deployment?: string; [key: string]: unknown };
const steps = (items: unknown[]): Step[] =>
  items.flatMap((item) => {
    const { step, parallel } = item as { step?: Step; parallel?: { step: Step }[] };
    return step ? [step] : (parallel ?? []).map((p) => p.step);
  });
const pullRequestSteps = steps((pipeline.pipelines['pull-requests'] as Record<string, unknown[]>)['**']!);
const [apply] = steps((pipeline.pipelines.branches as Record<string, unknown[]>).main!);
const [drift] = steps((pipeline.pipelines.custom as Record<string, unknown[]>).drift!);
const step = (name: string) => [...pullRequestSteps, apply!, drift!].find((s) => s.name === name)!;

describe('examples/bitbucket/bitbucket-pipelines.yml', () => {
  it('is what monitors init --ci bitbucket writes', () => {
    expect(TEXT).toBe(CI_STARTERS.bitbucket.text);
  });

  it('keeps the shape of the published pipelines schema', () => {
    const lists = [
      (pipeline.pipelines['pull-requests'] as Record<string, unknown[]>)['**']!,
      (pipeline.pipelines.branches as Record<string, unknown[]>).main!,
      (pipeline.pipelines.custom as Record<string, unknown[]>).drift!,
    ];
    for (const list of lists)
      for (const item of list)
        expect(Object.keys(item as object)).toSatisfy(
          (keys: string[]) => keys.length === 1 && ['step', 'parallel'].includes(keys[0]!),
        );
    for (const s of [...pullRequestSteps, apply!, drift!]) {
      expect(typeof s.name).toBe('string');
      expect(s.script.length).toBeGreaterThan(0);
      expect(s.script.every((line) => typeof line === 'string')).toBe(true);
      expect(s.artifacts).toEqual(['monitors-ci/**']);
    }
    expect(pipeline.image).toMatch(/^node:2\d/);
  });

  it('validates and plans pull requests side by side, applies main as a deployment, checks drift on a schedule', () => {
    expect(pullRequestSteps.map((s) => s.name)).toEqual(['validate', 'plan']);
    expect(step('validate').script).toEqual([
      'node .monitors/monitors.mjs ci validate monitors --report-dir monitors-ci/validate',
    ]);
    expect(step('plan').script).toEqual([
      'export MONITORS_API_TOKEN="$MONITORS_PLAN_TOKEN"',
      'node .monitors/monitors.mjs ci plan monitors --lock-branch monitors-state --check',
    ]);
    expect(apply).toMatchObject({ name: 'apply', deployment: 'Production' });
    expect(apply!.script).toEqual([
      'export MONITORS_API_TOKEN="$MONITORS_APPLY_TOKEN"',
      'node .monitors/monitors.mjs ci apply monitors --lock-branch monitors-state',
    ]);
    expect(drift!.script.at(-1)).toBe('node .monitors/monitors.mjs ci drift monitors --lock-branch monitors-state');
    expect(TEXT).not.toMatch(/\bnpx\b|\bnpm (install|i|ci)\b|curl|wget/);
  });
});

describe('the example pipeline, run', { timeout: 240_000 }, () => {
  let sim: SimProcess;
  let bitbucket: FakeBitbucketCloud;
  let root: string;
  let origin: string;
  let repo: string;
  let noDns: number;

  beforeAll(async () => {
    noDns = await closedPort();
    [sim, bitbucket] = await Promise.all([
      startSimProcess(),
      startFakeBitbucketCloud({
        workspace: 'acme',
        slug: 'monitors',
        pullRequests: [3],
        tokens: { [TOKEN]: 'write' },
        issueTracker: true,
      }),
    ]);
    root = mkdtempSync(join(tmpdir(), 'bitbucket-example-'));
    const files: Record<string, string> = {
      'bitbucket-pipelines.yml': TEXT,
      // The built CLI stands in for the bundle (tests/action/action-from-clone.test.ts runs the bundle itself).
      '.monitors/monitors.mjs': `await import(${JSON.stringify(pathToFileURL(CLI_PATH).href)});\n`,
    };
    for (const name of ['storefront.yaml', 'infrastructure.yaml', 'renewals.yaml'])
      files[`monitors/${name}`] = readFileSync(join(ROOT, 'examples/shop', name), 'utf8');
    origin = makeOrigin(root, files);
    repo = checkout(root, 'repo', origin);
    mkdirSync(join(root, 'home'));
  });

  afterAll(async () => {
    await Promise.all([sim.stop(), bitbucket.close()]);
    rmSync(root, { recursive: true, force: true });
  });

  /** A step's script, line by line in sh, stopping at the first failure as Pipelines does; the check's resolver a closed port, so no lookup leaves this machine. */
  async function runStep(s: Step, trigger: Parameters<typeof pipelinesVariables>[1]) {
    const script = s.script.map((line) =>
      line.replace(/ --check$/, ` --check --check-args "--dns-server 127.0.0.1:${noDns}"`),
    );
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: join(root, 'home'),
      ...GIT_TEST_ENV,
      ...SECRETS,
      ...pipelinesVariables(bitbucket, trigger, git(repo, 'rev-parse', 'HEAD')),
      BITBUCKET_ACCESS_TOKEN: TOKEN,
      MONITORS_API_URL: sim.baseUrl,
      MONITORS_PLAN_TOKEN: sim.token,
      MONITORS_APPLY_TOKEN: sim.token,
    };
    try {
      const { stdout, stderr } = await promisify(execFile)('sh', ['-e', '-c', script.join('\n')], {
        cwd: repo,
        env,
        encoding: 'utf8',
        timeout: 120_000,
      });
      return { code: 0, stdout: stdout + stderr };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: typeof e.code === 'number' ? e.code : 1, stdout: `${e.stdout ?? ''}${e.stderr ?? ''}` };
    }
  }

  it('pull request: a passed Code Insights report, and ONE comment with the plan and its check', async () => {
    const commit = git(repo, 'rev-parse', 'HEAD');
    const validate = await runStep(step('validate'), { pullRequest: 3, branch: 'feature' });
    expect(validate.code, validate.stdout).toBe(0);
    const [report] = [...bitbucket.reports.get(commit)!.values()];
    expect(report!.body).toMatchObject({ result: 'PASSED', title: 'monitors validate monitors' });
    const plan = await runStep(step('plan'), { pullRequest: 3, branch: 'feature' });
    expect(plan.stdout).toContain('monitors: plan comment created');
    // The changed monitors' hosts cannot be resolved here: down, and the step fails on it, as it should.
    expect(plan.code).toBe(1);
    expect(bitbucket.comments.get(3)!.map((c) => c.raw.split('\n')[0])).toEqual(['[](#monitors-plan:monitors)']);
    expect(bitbucket.comments.get(3)![0]!.raw).toContain('#### monitors check `monitors`');
    expect(bitbucket.statuses.get(commit)!.size).toBe(2); // validate's and plan's
    expect(bitbucket.invalid).toEqual([]);
  });

  it('main: apply pushes the lock record to monitors-state; the schedule then finds no drift', async () => {
    const applied = await runStep(apply!, { branch: 'main' });
    expect(applied.code, applied.stdout).toBe(0);
    expect(
      parseLock(showFile(origin, 'monitors-state', 'monitors/monitors.lock.json') ?? '', 'branch').monitors,
    ).toHaveLength(17);
    const checked = await runStep(drift!, { branch: 'main' });
    expect(checked.code, checked.stdout).toBe(0);
    expect(checked.stdout).toContain('monitors: no drift, and no drift issue open.');
    expect(bitbucket.issues.size).toBe(0);
  });
});
