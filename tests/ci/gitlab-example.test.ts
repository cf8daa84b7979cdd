// examples/gitlab/.gitlab-ci.yml, checked and run. Its structure keeps what docs/ci.md
// promises (which pipelines run which job, one apply at a time per environment and never
// cancelled, reports kept as artifacts, its matrix the environments `monitors environments`
// lists); and its jobs' scripts run for real, line by line in sh as a runner runs them, with
// the variables GitLab would set, against two simulators (staging, production), the fake
// GitLab API and a git origin: a merge request's plans, the default branch's applies, and
// the scheduled drift check.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { parse as parseJunit } from 'junit2json';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLock } from '../../src/lock/lock-file.js';
import { closedPort } from '../check/servers/loopback.js';
import { gitlabJobVariables, startFakeGitLab, type FakeGitLab } from '../helpers/fake-gitlab.js';
import { GIT_TEST_ENV, checkout, makeOrigin, showFile } from '../helpers/git-sandbox.js';
import { CLI_PATH, runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pipeline = parse(readFileSync(join(ROOT, 'examples/gitlab/.gitlab-ci.yml'), 'utf8')) as Record<string, any>;
const EXAMPLE = join(ROOT, 'examples/environments');
const GITLAB_TOKEN = 'glpat-example-SENTINEL';
const SECRETS = {
  STAGING_SHOP_API_TOKEN: 'staging-shop-SENTINEL',
  PRODUCTION_SHOP_API_TOKEN: 'production-shop-SENTINEL',
};
type Job = { script: string[]; rules: { if: string }[]; extends?: string[]; [key: string]: any };
const job = (name: string) => pipeline[name] as Job;
const matrix = () => pipeline['.environments'].parallel.matrix as Record<string, string>[];

describe('examples/gitlab/.gitlab-ci.yml', () => {
  it('validates and plans merge requests, applies the default branch, checks drift on a schedule', () => {
    expect(pipeline.workflow.rules.map((r: { if: string }) => r.if)).toEqual([
      '$CI_PIPELINE_SOURCE == "merge_request_event"',
      '$CI_PIPELINE_SOURCE == "schedule" || $CI_PIPELINE_SOURCE == "web"',
      '$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH && $CI_PIPELINE_SOURCE == "push"',
    ]);
    expect(job('validate').rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }]);
    expect(job('plan').rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }]);
    expect(job('apply').rules).toEqual([
      { if: '$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH && $CI_PIPELINE_SOURCE == "push"' },
    ]);
    expect(job('drift').rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "schedule" || $CI_PIPELINE_SOURCE == "web"' }]);
    expect(job('plan').script.at(-1)).toMatch(
      /^node \.monitors\/monitors\.mjs ci plan monitors .*--lock-branch monitors-state/,
    );
    expect(job('apply').script.at(-1)).toMatch(
      /^node \.monitors\/monitors\.mjs ci apply monitors .*--lock-branch monitors-state/,
    );
    expect(job('drift').script.at(-1)).toMatch(
      /^node \.monitors\/monitors\.mjs ci drift monitors .*--lock-branch monitors-state/,
    );
  });

  it('applies one environment at a time, never cancelled, and keeps every report as an artifact', () => {
    expect(job('apply').resource_group).toBe('monitors-$MONITORS_ENVIRONMENT');
    expect(job('apply').interruptible).toBe(false);
    expect(job('plan').interruptible).toBe(true);
    for (const name of ['plan', 'apply', 'drift']) {
      expect(job(name).extends).toEqual(['.environments', '.report']);
      expect(job(name).environment.name).toBe('monitors/$MONITORS_ENVIRONMENT');
    }
    expect(pipeline['.report'].artifacts).toMatchObject({
      when: 'always',
      paths: ['monitors-ci/'],
      reports: { terraform: 'monitors-ci/plan-report.json', junit: 'monitors-ci/check-junit-*.xml' },
    });
    expect(job('validate').artifacts).toMatchObject({
      when: 'always',
      reports: { codequality: 'monitors-ci/gl-code-quality-report.json' },
    });
  });

  it('has a job per environment the YAML declares, each given only its own token, and nothing fetched', async () => {
    const listed = await runCli(['environments', EXAMPLE, '--format', 'json']);
    const declared = (JSON.parse(listed.stdout) as { environments: { name: string; token_env: string }[] })
      .environments;
    expect(matrix()).toEqual(declared.map((e) => ({ MONITORS_ENVIRONMENT: e.name, MONITORS_TOKEN_ENV: e.token_env })));
    expect(job('plan').script[0]).toBe('export "$MONITORS_TOKEN_ENV=$MONITORS_PLAN_TOKEN"');
    expect(job('drift').script[0]).toBe('export "$MONITORS_TOKEN_ENV=$MONITORS_PLAN_TOKEN"');
    expect(job('apply').script[0]).toBe('export "$MONITORS_TOKEN_ENV=$MONITORS_APPLY_TOKEN"');
    const text = readFileSync(join(ROOT, 'examples/gitlab/.gitlab-ci.yml'), 'utf8');
    expect(text).not.toMatch(/\bnpx\b|\bnpm (install|i|ci)\b|curl|wget/);
  });
});

describe("docs/ci.md's GitLab section", () => {
  const docs = readFileSync(join(ROOT, 'docs/ci.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## GitLab CI'), docs.indexOf('## Any other CI'));

  it("quotes the example's script lines and settings as they are", () => {
    const scripts = ['plan', 'apply', 'drift', 'validate'].flatMap((name) => job(name).script);
    const quoted = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].flatMap(([, block]) =>
      block!.split('\n').flatMap((line) => (/^\s*- /.test(line) ? [line.replace(/^\s*- /, '')] : [])),
    );
    expect(quoted.length).toBeGreaterThan(0);
    expect(quoted.filter((line) => !scripts.includes(line))).toEqual([]);
    const flat = section.replace(/\s+/g, ' ');
    expect(flat).toContain(`\`resource_group: ${job('apply').resource_group}\``);
    expect(flat).toContain('`interruptible: false`');
    expect(flat).toContain(`\`artifacts:reports:terraform: ${pipeline['.report'].artifacts.reports.terraform}\``);
    expect(flat).toContain('`MONITORS_GITLAB_TOKEN`');
  });
});

describe('the example pipeline, run', { timeout: 240_000 }, () => {
  let sims: { staging: SimProcess; production: SimProcess };
  let gitlab: FakeGitLab;
  let root: string;
  let origin: string;
  let project: string;
  let noDns: number;

  beforeAll(async () => {
    noDns = await closedPort();
    const [staging, production, fake] = await Promise.all([
      startSimProcess(),
      startSimProcess(),
      startFakeGitLab({
        projectId: 42,
        projectPath: 'acme/monitors',
        mergeRequests: [7],
        tokens: { [GITLAB_TOKEN]: 'write' },
      }),
    ]);
    sims = { staging, production };
    gitlab = fake;
    root = mkdtempSync(join(tmpdir(), 'gitlab-example-'));
    // The project: the example set (its API URLs pointed at the simulators) and the CLI as .monitors/monitors.mjs.
    const settings = readFileSync(join(EXAMPLE, 'settings.yaml'), 'utf8')
      .replace('https://staging.monitoring.example.com/api/v1', sims.staging.baseUrl)
      .replace('https://monitoring.example.com/api/v1', sims.production.baseUrl);
    const files: Record<string, string> = {
      '.gitlab-ci.yml': readFileSync(join(ROOT, 'examples/gitlab/.gitlab-ci.yml'), 'utf8'),
      // Here the built CLI stands in for the bundle (tests/action/action-from-clone.test.ts runs the bundle itself).
      '.monitors/monitors.mjs': `await import(${JSON.stringify(pathToFileURL(CLI_PATH).href)});\n`,
    };
    for (const name of ['services.yaml', 'storefront.yaml'])
      files[`monitors/${name}`] = readFileSync(join(EXAMPLE, name), 'utf8');
    files['monitors/settings.yaml'] = settings;
    origin = makeOrigin(root, files);
    project = checkout(root, 'project', origin);
    mkdirSync(join(root, 'home'));
  });

  afterAll(async () => {
    await Promise.all([sims.staging.stop(), sims.production.stop(), gitlab.close()]);
    rmSync(root, { recursive: true, force: true });
  });

  /**
   * Runs a job's script for one matrix entry, line by line in sh, stopping at the first failure
   * as a runner does. As written, but for the check's resolver: a closed loopback port, so that
   * no lookup of the example's hosts leaves this machine (each changed monitor is then down).
   */
  async function runJob(
    name: string,
    entry: Record<string, string>,
    source: 'merge_request_event' | 'push' | 'schedule',
  ) {
    const script = job(name).script.map((line) =>
      line.replace(/ --check$/, ` --check --check-args "--dns-server 127.0.0.1:${noDns}"`),
    );
    const environment = entry.MONITORS_ENVIRONMENT as keyof typeof sims;
    const token = { MONITORS_PLAN_TOKEN: sims[environment].token, MONITORS_APPLY_TOKEN: sims[environment].token };
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: join(root, 'home'),
      ...GIT_TEST_ENV,
      ...SECRETS,
      ...gitlabJobVariables(gitlab, source),
      CI_JOB_TOKEN: 'glcbt-job',
      MONITORS_GITLAB_TOKEN: GITLAB_TOKEN,
      ...token,
      ...entry,
    };
    // Asynchronous: the fake GitLab answers from this very process.
    try {
      const { stdout, stderr } = await promisify(execFile)('sh', ['-e', '-c', script.join('\n')], {
        cwd: project,
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

  it("merge request: validate's findings as GitLab's Code Quality report", async () => {
    const run = await runJob('validate', matrix()[0]!, 'merge_request_event'); // its variables are unused by validate
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('the Code Quality report is in monitors-ci/gl-code-quality-report.json');
    // The example is valid: the report is there, and empty.
    expect(JSON.parse(readFileSync(join(project, 'monitors-ci/gl-code-quality-report.json'), 'utf8'))).toEqual([]);
  });

  it('merge request: each environment planned into ONE note of its own, with its check', async () => {
    for (const entry of matrix()) {
      const run = await runJob('plan', entry, 'merge_request_event');
      expect(run.stdout).toContain('monitors: plan note created');
      // The changed monitors' hosts cannot be resolved here: down, and the job fails on it, as it should.
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        `ERROR: monitors check --changed in ${entry.MONITORS_ENVIRONMENT}: a monitor this merge request creates or replaces is down`,
      );
    }
    // Each environment's check as JUnit, where artifacts:reports:junit looks: a case per changed monitor.
    for (const [environment, count] of [
      ['staging', 14],
      ['production', 20],
    ] as const) {
      const xml = readFileSync(join(project, `monitors-ci/check-junit-${environment}.xml`), 'utf8');
      const parsed = (await parseJunit(xml)) as { tests: number; failures: number };
      expect(parsed.tests).toBe(count);
      expect(parsed.failures).toBeGreaterThan(0);
    }
    const notes = gitlab.notes.get(7)!;
    expect(notes.map((n) => n.body.split('\n')[0])).toEqual([
      '<!-- monitors-plan:monitors --env staging -->',
      '<!-- monitors-plan:monitors --env production -->',
    ]);
    expect(notes[0]!.body).toContain('- **staging**: Plan: 14 to create, 0 to update, 0 to delete.');
    expect(notes[1]!.body).toContain('- **production**: Plan: 20 to create, 0 to update, 0 to delete.');
    expect(notes[0]!.body).toContain('#### monitors check `monitors --env staging`');
    for (const note of notes)
      for (const secret of [...Object.values(SECRETS), GITLAB_TOKEN, sims.staging.token, sims.production.token])
        expect(note.body).not.toContain(secret);
  });

  it('default branch: each environment applied with its own token, its lock record pushed to monitors-state', async () => {
    for (const entry of matrix()) {
      const run = await runJob('apply', entry, 'push');
      expect(run.code, run.stdout).toBe(0);
    }
    const names = (environment: string) =>
      parseLock(showFile(origin, 'monitors-state', `monitors/locks/${environment}.lock.json`) ?? '', 'branch').monitors
        .length;
    expect([names('staging'), names('production')]).toEqual([14, 20]);
  });

  it('schedule: no drift after the applies, so no issue', async () => {
    for (const entry of matrix()) {
      const run = await runJob('drift', entry, 'schedule');
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toContain('monitors: no drift, and no drift issue open.');
    }
    expect(gitlab.issues.size).toBe(0);
  });
});
