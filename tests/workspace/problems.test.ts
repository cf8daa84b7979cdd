// What the YAML's problems mean for the command that opened it (src/workspace/problems.ts):
// an error stops it, a plan lists the policy's findings in its own section instead, a
// read-only command sums its advisory findings up in one line, notes become plan notes.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/monitor.js';
import { screenProblems } from '../../src/workspace/problems.js';
import type { YamlLoad } from '../../src/workspace/load-yaml.js';

const at = { file: 'monitors/shop.yaml', line: 3, col: 5 };
const violation: Diagnostic = { ...at, severity: 'error', code: 'policy.https-only', message: 'url must be https' };
const advisory: Diagnostic = { ...at, severity: 'warning', code: 'policy.owner', message: 'no owner tag' };
const note: Diagnostic = { ...at, severity: 'info', code: 'files.skipped', message: 'skipped: not a monitors file' };
const schema: Diagnostic = { ...at, severity: 'error', code: 'schema.type', message: 'url must be a string' };

function load(diagnostics: Diagnostic[]): YamlLoad {
  return { diagnostics, declaredEnvironments: [], lockFilesSeen: [], state: {} as YamlLoad['state'] };
}

const asked = { paths: ['monitors'], command: 'plan', env: {} };

describe('screenProblems', () => {
  it('keeps a plan going on policy findings: listed for its policy section, said nowhere else', () => {
    const screened = screenProblems(load([violation, advisory, note]), { ...asked, policy: 'plan' });
    expect(screened.error).toBeUndefined();
    expect(screened.lines).toEqual([]);
    expect(screened.policyDiagnostics).toEqual([violation, advisory]);
    expect(screened.notes).toEqual(['monitors/shop.yaml: skipped: not a monitors file']);
  });

  it('stops on any error, saying every problem, the policy ones too', () => {
    const screened = screenProblems(load([schema, violation]), { ...asked, policy: 'plan' });
    expect(screened.error?.code).toBe('CONFIG_INVALID');
    expect(screened.error?.message).toBe('the YAML has 1 error (listed above); nothing was changed');
    expect(screened.lines).toHaveLength(2);
  });

  it('stops a command that does not plan on a mandatory violation', () => {
    expect(screenProblems(load([violation]), asked).error?.code).toBe('CONFIG_INVALID');
  });

  it('sums up a read-only command advisory findings in one line naming validate in its environment', () => {
    const screened = screenProblems(load([advisory]), {
      ...asked,
      command: 'status',
      policy: 'summary',
      environment: undefined,
    });
    expect(screened.error).toBeUndefined();
    expect(screened.lines).toEqual(['note: 1 advisory policy finding; `monitors validate monitors` lists them']);
  });

  it('adds GitHub annotations in GitHub Actions', () => {
    const screened = screenProblems(load([advisory]), { ...asked, env: { GITHUB_ACTIONS: 'true' } });
    expect(screened.lines).toHaveLength(2);
    expect(screened.lines[1]).toMatch(/^::warning /);
  });
});
