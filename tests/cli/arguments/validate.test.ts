// `monitors validate`'s arguments, parsed without a process.
import { describe, expect, it } from 'vitest';
import { parseValidateArguments } from '../../../src/cli/arguments/validate.js';
import { expectRefused } from './refused.js';

describe('parseValidateArguments', () => {
  it('warns on an unset variable unless --require-env, and reads the environment', () => {
    expect(parseValidateArguments({ format: 'text' }, {})).toEqual({
      format: 'text',
      environment: undefined,
      missingEnv: 'warning',
    });
    expect(parseValidateArguments({ format: 'sarif', requireEnv: true }, { MONITORS_ENV: 'dev' })).toEqual({
      format: 'sarif',
      environment: { name: 'dev', via: 'MONITORS_ENV' },
      missingEnv: 'error',
    });
  });

  it('refuses an unknown format and an empty --env', () => {
    expectRefused(() => parseValidateArguments({ format: 'html' }, {}), 'BAD_OPTION', /^--format must be /);
    expectRefused(
      () => parseValidateArguments({ format: 'text', env: '' }, {}),
      'BAD_OPTION',
      '--env needs the name of an environment (settings.environments)',
    );
  });
});
