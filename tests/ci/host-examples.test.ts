// examples/azure, examples/gitea and examples/forgejo: each is the starter `monitors init --ci
// NAME` writes, byte for byte, and keeps what docs/ci.md promises: plan on pull requests, apply
// on main one run at a time, drift on a schedule, the job token handed to `monitors ci`, the
// lock record on monitors-state, and (Azure) the check's JUnit published where the pipeline's
// PublishTestResults step looks. Azure's own pipeline schema (service-schema.json of
// microsoft/azure-pipelines-vscode, 1.6 MB, on no package registry) is not in this repository:
// docs/ci.md says how the pipeline was checked against it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { machineReportFile } from '../../src/ci/machine-reports.js';
import { CI_STARTERS } from '../../src/init/ci-starters.js';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');
type Step = {
  script?: string;
  run?: string;
  task?: string;
  env?: Record<string, string>;
  inputs?: Record<string, string>;
  if?: string;
  condition?: string;
};

describe('examples/azure/azure-pipelines.yml', () => {
  const text = read('examples/azure/azure-pipelines.yml');
  const pipeline = parse(text) as {
    trigger: { batch: boolean; branches: { include: string[] } };
    pr: string;
    schedules: { cron: string; always: boolean; branches: { include: string[] } }[];
    jobs: { job: string; condition: string; steps: Step[] }[];
  };
  const job = (name: string) => pipeline.jobs.find((j) => j.job === name)!;
  const scripts = (name: string) => job(name).steps.filter((s) => s.script);

  it('is what monitors init --ci azure writes', () => {
    expect(text).toBe(CI_STARTERS.azure.text);
  });

  it('plans pull requests, applies main one run at a time, checks drift daily', () => {
    expect(pipeline.trigger).toMatchObject({ batch: true, branches: { include: ['main'] } });
    expect(pipeline.pr).toBe('none'); // Azure Repos: build validation, not pr:
    expect(pipeline.schedules[0]).toMatchObject({ always: true, branches: { include: ['main'] } });
    expect(job('plan').condition).toBe("eq(variables['Build.Reason'], 'PullRequest')");
    expect(job('apply').condition).toContain("eq(variables['Build.SourceBranch'], 'refs/heads/main')");
    expect(job('drift').condition).toBe("eq(variables['Build.Reason'], 'Schedule')");
    expect(scripts('plan').map((s) => s.script)).toEqual([
      'node .monitors/monitors.mjs ci validate monitors',
      'node .monitors/monitors.mjs ci plan monitors --lock-branch monitors-state --check',
    ]);
    expect(scripts('apply').map((s) => s.script)).toEqual([
      'node .monitors/monitors.mjs ci apply monitors --lock-branch monitors-state',
    ]);
    expect(scripts('drift').map((s) => s.script)).toEqual([
      'node .monitors/monitors.mjs ci drift monitors --lock-branch monitors-state',
    ]);
  });

  it('maps System.AccessToken into every monitors step, and each API token only where it is needed', () => {
    for (const name of ['plan', 'apply', 'drift'])
      for (const step of scripts(name)) expect(step.env?.SYSTEM_ACCESSTOKEN).toBe('$(System.AccessToken)');
    expect(scripts('plan')[1]!.env?.MONITORS_API_TOKEN).toBe('$(MONITORS_PLAN_TOKEN)');
    expect(scripts('apply')[0]!.env?.MONITORS_API_TOKEN).toBe('$(MONITORS_APPLY_TOKEN)');
    expect(scripts('drift')[0]!.env?.MONITORS_API_TOKEN).toBe('$(MONITORS_PLAN_TOKEN)');
  });

  it("publishes the check's JUnit from where monitors ci writes it, also after a failed plan", () => {
    const publish = job('plan').steps.find((s) => s.task === 'PublishTestResults@2')!;
    expect(publish.condition).toBe('succeededOrFailed()');
    expect(publish.inputs).toMatchObject({
      testResultsFormat: 'JUnit',
      testResultsFiles: 'monitors-ci/check-junit*.xml',
    });
    const pattern = new RegExp(`^${publish.inputs!.testResultsFiles!.replace('.', '\\.').replace('*', '.*')}$`);
    expect(`monitors-ci/${machineReportFile('junit')}`).toMatch(pattern);
    expect(`monitors-ci/${machineReportFile('junit', 'production')}`).toMatch(pattern);
  });
});

describe.each([
  ['gitea', 'GITEA_TOKEN'],
  ['forgejo', 'FORGEJO_TOKEN'],
] as const)('examples/%s', (host, token) => {
  const text = read(`examples/${host}/.${host}/workflows/monitors.yml`);
  const workflow = parse(text) as {
    on: Record<string, unknown>;
    jobs: Record<
      string,
      {
        if: string;
        env: Record<string, string>;
        steps: Step[];
        permissions?: Record<string, string>;
        concurrency?: { group: string; 'cancel-in-progress': boolean };
      }
    >;
  };

  it(`is what monitors init --ci ${host} writes`, () => {
    expect(text).toBe(CI_STARTERS[host].text);
  });

  it('plans pull requests, applies main one at a time, checks drift on a schedule, each with the job token', () => {
    expect(Object.keys(workflow.on)).toEqual(['pull_request', 'push', 'schedule', 'workflow_dispatch']);
    expect(workflow.jobs.plan!.if).toBe("github.event_name == 'pull_request'");
    expect(workflow.jobs.apply!.if).toBe("github.event_name == 'push'");
    expect(workflow.jobs.apply!.concurrency).toEqual({ group: 'monitors-apply', 'cancel-in-progress': false });
    const runs = (name: string) => workflow.jobs[name]!.steps.filter((s) => s.run).map((s) => s.run);
    expect(runs('plan')).toEqual([
      'node .monitors/monitors.mjs ci validate monitors',
      'node .monitors/monitors.mjs ci plan monitors --lock-branch monitors-state --check',
    ]);
    expect(runs('apply')).toEqual(['node .monitors/monitors.mjs ci apply monitors --lock-branch monitors-state']);
    expect(runs('drift')).toEqual(['node .monitors/monitors.mjs ci drift monitors --lock-branch monitors-state']);
    for (const job of Object.values(workflow.jobs)) expect(job.env[token]).toBe(`\${{ secrets.${token} }}`);
    // Gitea reads permissions: (Forgejo's job token has its fixed set).
    if (host === 'gitea') {
      expect(workflow.jobs.plan!.permissions).toMatchObject({ 'pull-requests': 'write' });
      expect(workflow.jobs.drift!.permissions).toMatchObject({ issues: 'write' });
    } else for (const job of Object.values(workflow.jobs)) expect(job.permissions).toBeUndefined();
  });
});
