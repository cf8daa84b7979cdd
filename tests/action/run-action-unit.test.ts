// The Action's thin wrapper (action/run.mjs): every input becomes an option of `monitors ci`,
// and the CLI is the bundle of the Action's own checkout unless the `cli` input names another.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliArgs, cliCommand, cliEnv, readInputs } from '../../action/run.mjs';

const inputs = (extra: Record<string, string>) => readInputs({ MONITORS_ACTION_COMMAND: 'plan', ...extra });

describe('action/run.mjs', () => {
  it('refuses an unknown command with a clear message', () => {
    expect(() => readInputs({ MONITORS_ACTION_COMMAND: 'destroy' })).toThrow(
      'input "command" must be one of validate, plan, apply, drift, environments, not "destroy"',
    );
  });

  it('runs the cli input, else the bundle committed in the action’s checkout (never npx)', () => {
    expect(cliCommand(inputs({ MONITORS_ACTION_CLI: 'node dist/src/cli/main.js' }))).toEqual({
      command: 'node',
      args: ['dist/src/cli/main.js'],
    });
    expect(cliCommand(inputs({}), '/actions/monitors')).toEqual({
      command: process.execPath,
      args: [join('/actions/monitors', 'bundle', 'monitors.mjs')],
    });
  });

  it('turns every input into an option of monitors ci', () => {
    expect(cliArgs(inputs({}))).toEqual(['ci', 'plan', 'monitors', '--provider', 'github']);
    expect(
      cliArgs(
        inputs({
          MONITORS_ACTION_PATH: 'mon',
          MONITORS_ACTION_LOCK: 'l.json',
          MONITORS_ACTION_LOCK_BRANCH: 'monitors-state',
          MONITORS_ACTION_API_URL: 'https://api.test/api/v1',
          MONITORS_ACTION_ENVIRONMENTS: 'staging production',
          MONITORS_ACTION_COMMENT: 'false',
          MONITORS_ACTION_CHECK: 'true',
          MONITORS_ACTION_CHECK_ARGS: '--ca ca.pem',
          MONITORS_ACTION_DRIFT_LABEL: '',
        }),
      ),
    ).toEqual([
      'ci',
      'plan',
      'mon',
      '--lock',
      'l.json',
      '--lock-branch',
      'monitors-state',
      '--api-url',
      'https://api.test/api/v1',
      '--environments',
      'staging production',
      '--no-comment',
      '--check',
      '--check-args',
      '--ca ca.pem',
      '--drift-label',
      '',
      '--provider',
      'github',
    ]);
    expect(cliArgs(inputs({ MONITORS_ACTION_DRIFT_LABEL: ' ops ' }))).toContain('ops');
    expect(cliArgs(inputs({ MONITORS_ACTION_COMMAND: 'environments', MONITORS_ACTION_PATH: 'mon' }))).toEqual([
      'environments',
      'mon',
      '--format',
      'json',
    ]);
  });

  it('gives the CLI the job’s environment without the inputs, and the github-token as GITHUB_TOKEN', () => {
    const env = { PATH: '/bin', MONITORS_ACTION_COMMAND: 'plan', MONITORS_ACTION_GITHUB_TOKEN: 'ghs_x' };
    expect(cliEnv(readInputs(env), env)).toEqual({ PATH: '/bin', GITHUB_TOKEN: 'ghs_x' });
  });
});
