// The arguments of `monitors lock list|show|forget`, parsed without a process.
import { describe, expect, it } from 'vitest';
import { parseLockForgetArguments, parseLockReadArguments } from '../../../src/cli/arguments/lock.js';
import { expectRefused } from './refused.js';

describe('the lock commands’ arguments', () => {
  it('reads the format, the environment and --lock of list and show', () => {
    expect(parseLockReadArguments('lock', { format: 'json', lock: 'a.lock.json' }, {})).toEqual({
      format: 'json',
      environment: undefined,
      lock: 'a.lock.json',
    });
    expect(parseLockReadArguments('lockRecord', { format: 'text' }, { MONITORS_ENV: 'dev' })).toMatchObject({
      environment: { name: 'dev', via: 'MONITORS_ENV' },
    });
  });

  it('asks before forgetting unless --yes', () => {
    expect(parseLockForgetArguments({}, {})).toEqual({ environment: undefined, lock: undefined, yes: false });
    expect(parseLockForgetArguments({ yes: true, env: 'prod' }, {})).toMatchObject({
      yes: true,
      environment: { name: 'prod' },
    });
  });

  it('refuses an unknown format, an empty --lock and an empty --env', () => {
    expectRefused(
      () => parseLockReadArguments('lock', { format: 'markdown' }, {}),
      'BAD_OPTION',
      /^--format must be text or json/,
    );
    expectRefused(() => parseLockForgetArguments({ lock: '' }, {}), 'BAD_OPTION', '--lock needs a file name');
    expectRefused(
      () => parseLockReadArguments('lockRecord', { format: 'text', env: ' ' }, {}),
      'BAD_OPTION',
      '--env needs the name of an environment (settings.environments)',
    );
  });
});
