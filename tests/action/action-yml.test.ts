// The YAML glue cannot run here (no GitHub runner), so check what can break silently:
// every input reaches run.mjs under the name it reads, and the example workflow keeps the
// properties the docs promise.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const read = (path: string) => parse(readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8')) as Record<string, any>;
const action = read('action.yml');
const workflow = read('examples/github/.github/workflows/monitors.yml');
const runScript = readFileSync(fileURLToPath(new URL('../../action/run.mjs', import.meta.url)), 'utf8');

describe('action.yml', () => {
  const step = action.runs.steps[0];

  it('is a composite action running run.mjs from the action checkout', () => {
    expect(action.runs.using).toBe('composite');
    expect(step.run).toBe('node "$GITHUB_ACTION_PATH/action/run.mjs"');
  });

  it('passes every input to run.mjs under the name run.mjs reads', () => {
    const names = Object.keys(action.inputs as object);
    expect(names.sort()).toEqual(['api-url', 'check', 'check-args', 'cli', 'command', 'comment', 'drift-label', 'environments', 'github-token', 'lock', 'path', 'version']);
    for (const name of names) {
      const envName = `MONITORS_ACTION_${name.toUpperCase().replaceAll('-', '_')}`;
      expect(step.env[envName], name).toBe(`\${{ inputs.${name} }}`);
      expect(runScript, envName).toContain(`input('${envName.replace('MONITORS_ACTION_', '')}'`);
    }
  });

  it('exposes the outputs run.mjs writes', () => {
    expect(action.outputs.changes.value).toBe('${{ steps.run.outputs.changes }}');
    expect(action.outputs['exit-code'].value).toBe('${{ steps.run.outputs.exit-code }}');
    expect(runScript).toContain('changes=${changes}\\nexit-code=${result.code}\\n');
    expect(action.outputs.issue.value).toBe('${{ steps.run.outputs.issue }}');
    expect(runScript).toContain('issue=${result.number}\\n');
  });
});

describe('the example workflow', () => {
  it('validates and plans pull requests with permission to comment', () => {
    const plan = workflow.jobs.plan;
    expect(plan.if).toBe("github.event_name == 'pull_request'");
    expect(plan.permissions['pull-requests']).toBe('write');
    expect(plan.steps.map((s: { with?: { command?: string } }) => s.with?.command).filter(Boolean)).toEqual(['validate', 'plan']);
  });

  it('checks the monitors a pull request creates or replaces, beside the plan', () => {
    const planStep = workflow.jobs.plan.steps.find((s: { with?: { command?: string } }) => s.with?.command === 'plan');
    expect(planStep.with.check).toBe(true);
  });

  it('applies on main one at a time, never cancelling a running apply, then commits the lock file', () => {
    const apply = workflow.jobs.apply;
    expect(apply.if).toBe("github.event_name == 'push'");
    expect(apply.concurrency).toEqual({ group: 'monitors-apply', 'cancel-in-progress': false });
    expect(apply.permissions.contents).toBe('write');
    const commit = apply.steps.at(-1);
    expect(commit.if).toBe('always()');
    expect(commit.run).toContain('lock=monitors/monitors.lock.json');
    expect(commit.run).toContain('git push'); // run for real in tests/gitops/lock-commit.test.ts
  });

  it('checks for drift on a schedule (and by hand) with permission to write issues, never in the apply\'s concurrency group', () => {
    expect(workflow.on.schedule).toEqual([{ cron: '17 6 * * *' }]);
    expect(workflow.on).toHaveProperty('workflow_dispatch');
    const drift = workflow.jobs.drift;
    expect(drift.if).toBe("github.event_name == 'schedule' || github.event_name == 'workflow_dispatch'");
    expect(drift.permissions).toEqual({ contents: 'read', issues: 'write' });
    expect(drift.concurrency.group).not.toBe(workflow.jobs.apply.concurrency.group);
    expect(drift.steps.map((s: { with?: { command?: string } }) => s.with?.command).filter(Boolean)).toEqual(['drift']);
    // The other jobs do not run on the schedule.
    expect([workflow.jobs.plan.if, workflow.jobs.apply.if].join(' ')).not.toContain('schedule');
  });

  it('takes tokens from secrets into the environment, never from inputs', () => {
    expect(workflow.jobs.plan.env.MONITORS_API_TOKEN).toBe('${{ secrets.MONITORS_PLAN_TOKEN }}');
    expect(workflow.jobs.drift.env.MONITORS_API_TOKEN).toBe('${{ secrets.MONITORS_PLAN_TOKEN }}');
    expect(workflow.jobs.apply.env.MONITORS_API_TOKEN).toBe('${{ secrets.MONITORS_APPLY_TOKEN }}');
    expect(JSON.stringify(workflow)).not.toMatch(/api-token|MONITORS_API_TOKEN["']?:\s*["']?[A-Za-z0-9]/);
  });
});
