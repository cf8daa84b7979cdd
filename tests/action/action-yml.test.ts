// The YAML glue cannot run here (no GitHub runner), so check what can break silently:
// every input reaches run.mjs under the name it reads, every output is written by the code
// under that name, and the example workflows keep the properties the docs promise. (What the
// step runs, it runs for real in tests/action/action-from-clone.test.ts.)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const read = (path: string) =>
  parse(readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8')) as Record<string, any>;
const action = read('action.yml');
const workflow = read('examples/github/.github/workflows/monitors.yml');
const workflowOnMain = read('examples/github-lock-on-main/.github/workflows/monitors.yml');
const environmentsWorkflow = read('examples/github/.github/workflows/monitors-environments.yml');
const environmentsOnMain = read('examples/github-lock-on-main/.github/workflows/monitors-environments.yml');
const matrixWorkflow = read('examples/github/.github/workflows/monitors-matrix.yml');
const source = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');
const runScript = source('action/run.mjs');
const githubProvider = source('src/ci/github.ts');

describe('action.yml', () => {
  const step = action.runs.steps[0];

  it('is a composite action running run.mjs from the action checkout', () => {
    expect(action.runs.using).toBe('composite');
    expect(step.run).toBe('node "$GITHUB_ACTION_PATH/action/run.mjs"');
  });

  it('passes every input to run.mjs under the name run.mjs reads', () => {
    const names = Object.keys(action.inputs as object);
    expect(names.sort()).toEqual([
      'api-url',
      'check',
      'check-args',
      'cli',
      'command',
      'comment',
      'discover',
      'drift-label',
      'environments',
      'github-token',
      'lock',
      'lock-branch',
      'path',
    ]);
    for (const name of names) {
      const envName = `MONITORS_ACTION_${name.toUpperCase().replaceAll('-', '_')}`;
      expect(step.env[envName], name).toBe(`\${{ inputs.${name} }}`);
      expect(runScript, envName).toContain(`input('${envName.replace('MONITORS_ACTION_', '')}'`);
    }
  });

  it('exposes the outputs monitors ci (src/ci/github.ts) and run.mjs write', () => {
    for (const name of ['changes', 'exit-code', 'lock-files', 'issue', 'environments', 'sarif-file'])
      expect(action.outputs[name].value, name).toBe(`\${{ steps.run.outputs.${name} }}`);
    expect(githubProvider).toContain(
      'output(`changes=${outputs.changes}\\nexit-code=${outputs.exitCode}\\n${lockFiles}`)',
    );
    expect(githubProvider).toContain('`lock-files=${outputs.lockFiles.join');
    expect(githubProvider).toContain('output(`issue=${result.number}\\n`)');
    expect(githubProvider).toContain('output(`sarif-file=${path}\\n`)');
    expect(runScript).toContain('`environments=${JSON.stringify(JSON.parse(stdout))}\\n`');
  });

  it('runs the bundle of its own checkout unless the cli input names another, and never npx', () => {
    expect(runScript).toContain("join(actionDir, 'bundle', 'monitors.mjs')");
    expect(runScript).not.toMatch(/\bnpx\b/);
  });
});

const actionSteps = (job: { steps: { uses?: string; with?: Record<string, string> }[] }) =>
  job.steps.filter((s) => s.uses?.startsWith('monitors-as-code/'));

describe('the example workflows', () => {
  for (const [name, wf] of [
    ['lock branch', workflow],
    ['lock on main', workflowOnMain],
  ] as const) {
    it(`${name}: validates and plans pull requests with permission to comment`, () => {
      const plan = wf.jobs.plan;
      expect(plan.if).toBe("github.event_name == 'pull_request'");
      // The lock-branch example also uploads validate's SARIF to code scanning.
      const upload = name === 'lock branch' ? { 'security-events': 'write' } : {};
      expect(plan.permissions).toEqual({ contents: 'read', 'pull-requests': 'write', ...upload });
      expect(plan.steps.map((s: { with?: { command?: string } }) => s.with?.command).filter(Boolean)).toEqual([
        'validate',
        'plan',
      ]);
    });

    it(`${name}: applies on main one at a time, never cancelling a running apply`, () => {
      const apply = wf.jobs.apply;
      expect(apply.if).toBe("github.event_name == 'push'");
      expect(apply.concurrency).toEqual({ group: 'monitors-apply', 'cancel-in-progress': false });
      expect(apply.permissions).toEqual({ contents: 'write' });
    });

    it(`${name}: takes tokens from secrets into the environment, never from inputs`, () => {
      expect(wf.jobs.plan.env.MONITORS_API_TOKEN).toBe('${{ secrets.MONITORS_PLAN_TOKEN }}');
      expect(wf.jobs.apply.env.MONITORS_API_TOKEN).toBe('${{ secrets.MONITORS_APPLY_TOKEN }}');
      expect(JSON.stringify(wf)).not.toMatch(/api-token|MONITORS_API_TOKEN["']?:\s*["']?[A-Za-z0-9]/);
    });
  }

  it("lock branch: uploads validate's findings to code scanning from the SARIF file monitors ci writes", () => {
    const steps = workflow.jobs.plan.steps as { uses?: string; if?: string; with?: Record<string, string> }[];
    const validate = steps.findIndex((s) => s.with?.command === 'validate');
    const upload = steps[validate + 1]!;
    expect(upload.uses).toBe('github/codeql-action/upload-sarif@v3');
    expect(upload.with?.sarif_file).toBe('monitors-ci/monitors.sarif');
    expect(upload.if).toContain('!cancelled()');
  });

  it('lock branch: plan and apply read the lock from monitors-state, the apply pushes it there, and nothing commits to main', () => {
    for (const job of [workflow.jobs.plan, workflow.jobs.apply]) {
      const withBranch = actionSteps(job).filter((s) => s.with?.command !== 'validate');
      expect(withBranch.map((s) => s.with?.['lock-branch'])).toEqual(['monitors-state']);
    }
    expect(JSON.stringify(workflow)).not.toMatch(/git (push|commit)/); // the action pushes, to monitors-state only (tests/gitops/lock-branch.test.ts)
  });

  it('checks the monitors a pull request creates or replaces, beside the plan, with the lock record of the branch', () => {
    const planStep = workflow.jobs.plan.steps.find((s: { with?: { command?: string } }) => s.with?.command === 'plan');
    expect(planStep.with.check).toBe(true);
    expect(planStep.with['lock-branch']).toBe('monitors-state');
  });

  it('lock on main: commits the lock file after every apply, even a failed one', () => {
    const apply = workflowOnMain.jobs.apply;
    expect(actionSteps(apply).map((s) => s.with?.['lock-branch'])).toEqual([undefined]);
    const commit = apply.steps.at(-1);
    expect(commit.if).toBe('always()');
    expect(commit.run).toContain('lock=monitors/monitors.lock.json');
    expect(commit.run).toContain('git push'); // run for real in tests/gitops/lock-commit.test.ts
  });

  it("checks for drift on a schedule (and by hand) with permission to write issues, never in the apply's concurrency group", () => {
    expect(workflow.on.schedule).toEqual([{ cron: '17 6 * * *' }]);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
    const drift = workflow.jobs.drift;
    expect(drift.if).toBe("github.event_name == 'schedule' || github.event_name == 'workflow_dispatch'");
    expect(drift.permissions).toEqual({ contents: 'read', issues: 'write' });
    expect(drift.concurrency.group).not.toBe(workflow.jobs.apply.concurrency.group);
    expect(actionSteps(drift).map((s) => [s.with?.command, s.with?.['lock-branch']])).toEqual([
      ['drift', 'monitors-state'],
    ]);
    expect(drift.env.MONITORS_API_TOKEN).toBe('${{ secrets.MONITORS_PLAN_TOKEN }}');
    // The other jobs do not run on the schedule.
    expect([workflow.jobs.plan.if, workflow.jobs.apply.if].join(' ')).not.toContain('schedule');
  });

  it('apply checks out the newest main (a queued apply applies the YAML of every merge so far)', () => {
    for (const wf of [workflow, workflowOnMain]) {
      const checkout = wf.jobs.apply.steps.find((s: { uses?: string }) => s.uses?.startsWith('actions/checkout'));
      expect(checkout.with.ref).toBe('${{ github.ref }}');
    }
  });

  it('with environments on the lock branch: every environment planned and checked, applied in order, drift of all, each with lock-branch and tokens from secrets', () => {
    const jobs = environmentsWorkflow.jobs;
    const steps = (job: string) => actionSteps(jobs[job]).filter((s) => s.with?.command !== 'validate');
    expect(
      steps('plan').map((s) => [s.with?.command, s.with?.environments, s.with?.['lock-branch'], s.with?.check]),
    ).toEqual([['plan', 'all', 'monitors-state', true]]);
    expect(steps('apply').map((s) => [s.with?.command, s.with?.environments, s.with?.['lock-branch']])).toEqual([
      ['apply', 'staging production', 'monitors-state'],
    ]);
    expect(steps('drift').map((s) => [s.with?.command, s.with?.environments, s.with?.['lock-branch']])).toEqual([
      ['drift', 'all', 'monitors-state'],
    ]);
    expect(jobs.apply.concurrency).toEqual({ group: 'monitors-apply', 'cancel-in-progress': false });
    expect(jobs.drift.permissions).toEqual({ contents: 'read', issues: 'write' });
    for (const job of Object.values<{ env: Record<string, string> }>(jobs))
      for (const value of Object.values(job.env)) expect(value).toMatch(/^\$\{\{ secrets\.[A-Z_]+ \}\}$/);
    expect(JSON.stringify(environmentsWorkflow)).not.toMatch(/git (push|commit)/); // each environment's apply pushes its lock file (tests/gitops/lock-branch-environments.test.ts)
    // The variant for a main CI may push to commits the lock files itself (tests/gitops/lock-commit-environments.test.ts).
    expect(actionSteps(environmentsOnMain.jobs.apply).map((s) => s.with?.['lock-branch'])).toEqual([undefined]);
  });

  it('with many environments: the matrix read from the YAML, a job per environment with its own concurrency group and its own token', () => {
    const jobs = matrixWorkflow.jobs;
    expect(actionSteps(jobs.environments)).toEqual([
      { id: 'list', uses: 'monitors-as-code/monitors@v0', with: { command: 'environments', path: 'monitors' } },
    ]);
    expect(jobs.environments.outputs.environments).toBe('${{ steps.list.outputs.environments }}');
    const include = '${{ fromJSON(needs.environments.outputs.environments).environments }}';
    const expected = {
      plan: ['plan', 'monitors-plan-${{ github.event.pull_request.number }}-${{ matrix.name }}', true],
      apply: ['apply', 'monitors-apply-${{ matrix.name }}', false],
      drift: ['drift', 'monitors-drift-${{ matrix.name }}', true],
    } as const;
    for (const [name, [command, group, cancel]] of Object.entries(expected)) {
      const job = jobs[name];
      expect(job.needs, name).toBe('environments');
      expect(job.strategy, name).toEqual({ 'fail-fast': false, matrix: { include } });
      expect(job.concurrency, name).toEqual({ group, 'cancel-in-progress': cancel });
      // The environment's token under the variable its token_env names, from the secret of that name.
      const token = job.steps.find((s: { run?: string }) => s.run?.includes('GITHUB_ENV'));
      expect(token.env, name).toEqual({ NAME: '${{ matrix.token_env }}', TOKEN: '${{ secrets[matrix.token_env] }}' });
      expect(token.run).toBe('echo "$NAME=$TOKEN" >> "$GITHUB_ENV"');
      expect(actionSteps(job).map((s) => [s.with?.command, s.with?.environments, s.with?.['lock-branch']])).toEqual([
        [command, '${{ matrix.name }}', 'monitors-state'],
      ]);
    }
    expect(jobs.apply.environment).toBe('monitors-${{ matrix.name }}'); // its secrets and protection rules
    expect(jobs.apply.permissions).toEqual({ contents: 'write' });
    expect(jobs.drift.permissions).toEqual({ contents: 'read', issues: 'write' });
    expect(JSON.stringify(matrixWorkflow)).not.toMatch(/git (push|commit)/);
  });

  it('no example installs or fetches the CLI: the action runs its own bundle', () => {
    for (const wf of [workflow, workflowOnMain, environmentsWorkflow, environmentsOnMain, matrixWorkflow])
      expect(JSON.stringify(wf)).not.toMatch(/\bnpx\b|npm (install|ci)/);
  });
});
