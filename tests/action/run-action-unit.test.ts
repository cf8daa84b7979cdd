import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliCommand, commandArgs, outcomeOf, readInputs, textReport } from '../../action/run.mjs';

const inputs = (extra: Record<string, string>) => readInputs({ MONITORS_ACTION_COMMAND: 'plan', ...extra });

describe('action run.mjs pieces', () => {
  it('maps a plan’s exit 2 to success with changes, and nothing else', () => {
    expect(outcomeOf('plan', 2)).toEqual({ ok: true, changes: true });
    expect(outcomeOf('plan', 0)).toEqual({ ok: true, changes: false });
    expect(outcomeOf('plan', 1)).toEqual({ ok: false, changes: false });
    expect(outcomeOf('apply', 2)).toEqual({ ok: false, changes: false });
    expect(outcomeOf('validate', 0)).toEqual({ ok: true, changes: false });
  });

  it('builds each command’s arguments: detailed exit code for plans, --yes for applies', () => {
    expect(commandArgs(inputs({ MONITORS_ACTION_PATH: 'mon', MONITORS_ACTION_LOCK: 'mon.lock.json' }))).toEqual([
      'plan', 'mon', '--lock', 'mon.lock.json', '--detailed-exitcode', '--format', 'markdown',
    ]);
    expect(commandArgs(inputs({ MONITORS_ACTION_COMMAND: 'apply' }))).toEqual(['apply', 'monitors', '--yes']);
    expect(commandArgs(inputs({ MONITORS_ACTION_COMMAND: 'apply', MONITORS_ACTION_LOCK_BRANCH: 'monitors-state' }))).toEqual(['apply', 'monitors', '--lock-branch', 'monitors-state', '--yes']);
    expect(commandArgs(inputs({ MONITORS_ACTION_LOCK_BRANCH: 'monitors-state' }))).toEqual(['plan', 'monitors', '--lock-branch', 'monitors-state', '--detailed-exitcode', '--format', 'markdown']);
    expect(commandArgs(inputs({ MONITORS_ACTION_COMMAND: 'validate', MONITORS_ACTION_LOCK_BRANCH: 'monitors-state' }))).toEqual(['validate', 'monitors']);
    expect(commandArgs(inputs({ MONITORS_ACTION_COMMAND: 'validate', MONITORS_ACTION_PATH: 'a/b' }))).toEqual(['validate', 'a/b']);
  });

  it('refuses an unknown command with a clear message', () => {
    expect(() => readInputs({ MONITORS_ACTION_COMMAND: 'destroy' })).toThrow('input "command" must be one of validate, plan, apply, not "destroy"');
    expect(inputs({ MONITORS_ACTION_COMMENT: 'false' }).comment).toBe(false);
  });

  it('runs the cli input, else the repository’s install, else npx at the action’s version', () => {
    const workspace = mkdtempSync(join(tmpdir(), 'action-ws-'));
    try {
      expect(cliCommand(inputs({ MONITORS_ACTION_CLI: 'node dist/src/cli/main.js' }), {})).toEqual({ command: 'node', args: ['dist/src/cli/main.js'] });
      const actionDir = join(workspace, 'action-checkout');
      mkdirSync(actionDir);
      writeFileSync(join(actionDir, 'package.json'), JSON.stringify({ version: '1.2.3' }));
      expect(cliCommand(inputs({}), { GITHUB_WORKSPACE: workspace }, actionDir)).toEqual({ command: 'npx', args: ['--yes', 'monitors@1.2.3'] });
      expect(cliCommand(inputs({ MONITORS_ACTION_VERSION: '2.0.0' }), { GITHUB_WORKSPACE: workspace }, actionDir).args).toEqual(['--yes', 'monitors@2.0.0']);
      mkdirSync(join(workspace, 'node_modules', '.bin'), { recursive: true });
      writeFileSync(join(workspace, 'node_modules', '.bin', 'monitors'), '');
      expect(cliCommand(inputs({}), { GITHUB_WORKSPACE: workspace }, actionDir)).toEqual({ command: join(workspace, 'node_modules', '.bin', 'monitors'), args: [] });
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('reports a failed run with its output, without repeating annotations', () => {
    const text = textReport(inputs({ MONITORS_ACTION_COMMAND: 'validate' }), 1, 'a.yaml:1:1: error x\n::error file=a.yaml,line=1::x\n1 error in 1 file.\n', false);
    expect(text).toBe('#### monitors validate `monitors`: failed (exit 1)\n\n```\na.yaml:1:1: error x\n1 error in 1 file.\n```\n');
  });
});
