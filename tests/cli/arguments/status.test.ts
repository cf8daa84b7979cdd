// `monitors status`'s arguments, parsed without a process: the defaults, --days, --fail-on,
// --name, and --env all (once per environment, except the page and the badge, which hold
// every environment by themselves).
import { describe, expect, it } from 'vitest';
import { parseStatusArguments } from '../../../src/cli/arguments/status.js';
import { expectRefused } from './refused.js';

const base = { format: 'text', days: '30' };

describe('parseStatusArguments', () => {
  it('gives the defaults', () => {
    expect(parseStatusArguments(base, {})).toEqual({
      format: 'text',
      days: 30,
      wholeSet: false,
      failOn: undefined,
      names: [],
      environment: undefined,
      lock: undefined,
      apiUrl: undefined,
    });
  });

  it('draws the page and badge of every environment at once with --env all', () => {
    expect(parseStatusArguments({ ...base, format: 'html' }, { MONITORS_ENV: 'all' })).toMatchObject({
      wholeSet: true,
      environment: undefined,
    });
    expect(parseStatusArguments({ ...base, format: 'svg', env: 'prod' }, {})).toMatchObject({
      wholeSet: true,
      environment: { name: 'prod', via: '--env' },
    });
  });

  it('converts --days, --fail-on and --name (each once)', () => {
    expect(
      parseStatusArguments({ ...base, days: ' 366 ', failOn: 'degraded', name: ['a*', 'a*', 'b'] }, {}),
    ).toMatchObject({ days: 366, failOn: 'degraded', names: ['a*', 'b'] });
  });

  it('refuses a bad --days, --fail-on, --name or --lock', () => {
    for (const days of ['0', '367', '1.5', 'week'])
      expectRefused(
        () => parseStatusArguments({ ...base, days }, {}),
        'BAD_OPTION',
        `--days takes a whole number of days from 1 to 366, not "${days}"`,
      );
    expectRefused(() => parseStatusArguments({ ...base, failOn: 'up' }, {}), 'BAD_OPTION', /^--fail-on /);
    expectRefused(
      () => parseStatusArguments({ ...base, name: [''] }, {}),
      'BAD_OPTION',
      '--name needs a monitor name or a glob, not an empty string',
    );
    expectRefused(() => parseStatusArguments({ ...base, lock: '' }, {}), 'BAD_OPTION', '--lock needs a file name');
  });
});
