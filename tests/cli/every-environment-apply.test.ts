// `apply --env all` runs `monitors apply --env NAME` for each environment: the command line
// as given, without its own --env (in either spelling), and says at the end where it applied
// and where it did not (src/cli/steps/every-environment-apply.ts, src/render/every-environment/apply-sequence.ts).
import { describe, expect, it } from 'vitest';
import { withoutEnvironment } from '../../src/cli/steps/every-environment-apply.js';
import { applyHeading, applySequenceEnd } from '../../src/render/every-environment/apply-sequence.js';

describe('the runs of apply --env all', () => {
  it('hand each run the command line without --env, whatever its place and spelling', () => {
    expect(withoutEnvironment(['apply', 'monitors', '--env', 'all', '--yes'])).toEqual(['apply', 'monitors', '--yes']);
    expect(withoutEnvironment(['--debug', 'apply', '--env=all', '--yes', '--wait', '90s'])).toEqual([
      '--debug',
      'apply',
      '--yes',
      '--wait',
      '90s',
    ]);
    expect(withoutEnvironment(['apply', '--yes'])).toEqual(['apply', '--yes']);
    // After `--`, every word is a path, --env too.
    expect(withoutEnvironment(['apply', '--env', 'all', '--', '--env'])).toEqual(['apply', '--', '--env']);
  });

  it('say where they applied, and what a failure or a signal left unapplied', () => {
    expect(applyHeading('staging', 1, 2)).toBe('\n== monitors apply --env staging (1 of 2) ==\n');
    expect(applySequenceEnd({ applied: ['staging', 'production'], notApplied: [] })).toBe(
      '\nApplied every environment: staging, production.\n',
    );
    expect(
      applySequenceEnd({ applied: ['dev'], stopped: { name: 'staging', code: 1 }, notApplied: ['production'] }),
    ).toBe(
      '\nmonitors apply --env staging failed (exit 1); its own messages are above. Applied before it: dev. Not applied: production; run the command again once it is fixed.\n',
    );
    expect(
      applySequenceEnd({
        applied: [],
        stopped: { name: 'staging', code: 130, signal: 'SIGINT' },
        notApplied: ['production'],
      }),
    ).toBe(
      '\nmonitors apply --env staging was interrupted (SIGINT). Not applied: production; run the command again once it is fixed.\n',
    );
  });
});
