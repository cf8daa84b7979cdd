// `monitors apply`'s and `monitors destroy`'s arguments, parsed without a process: the
// options of every writing command, --wait and its path, a saved plan and what it refuses.
import { describe, expect, it } from 'vitest';
import { parseApplyArguments } from '../../../src/cli/arguments/apply.js';
import { parseDestroyArguments } from '../../../src/cli/arguments/destroy.js';
import { expectRefused } from './refused.js';

describe('parseApplyArguments', () => {
  it('gives the defaults of a writing command', () => {
    expect(parseApplyArguments([], {}, {})).toEqual({
      concurrency: 8,
      format: 'text',
      lock: undefined,
      yes: false,
      allowMassDelete: false,
      allowMissing: false,
      apiUrl: undefined,
      environment: undefined,
      lockBranch: undefined,
      lockRemote: undefined,
      paths: [],
      wait: undefined,
      plan: undefined,
      narrowing: {},
    });
  });

  it('converts --concurrency, --format, --yes, the branch and the environment', () => {
    expect(
      parseApplyArguments(
        ['monitors/'],
        {
          concurrency: ' 64 ',
          format: 'json',
          yes: true,
          lockBranch: 'state',
          lockRemote: 'up',
          env: 'prod',
          target: ['a'],
        },
        {},
      ),
    ).toMatchObject({
      concurrency: 64,
      format: 'json',
      yes: true,
      lockBranch: 'state',
      lockRemote: 'up',
      environment: { name: 'prod', via: '--env' },
      paths: ['monitors/'],
      narrowing: { targets: ['a'] },
    });
    expect(parseApplyArguments([], {}, { MONITORS_ENV: 'dev' }).environment).toEqual({
      name: 'dev',
      via: 'MONITORS_ENV',
    });
  });

  it('reads --wait with a duration, without one (5 minutes, failing on down), and gives back a path it took', () => {
    expect(parseApplyArguments([], { wait: true }, {}).wait).toEqual({ timeoutMs: 300_000, failOn: ['down'] });
    expect(parseApplyArguments(['a/'], { wait: '90s', waitFailOn: 'down,degraded' }, {})).toMatchObject({
      paths: ['a/'],
      wait: { timeoutMs: 90_000, failOn: ['down', 'degraded'] },
    });
    // `apply --wait monitors/`: the optional value took the path.
    expect(parseApplyArguments(['b/'], { wait: 'monitors/' }, {})).toMatchObject({
      paths: ['monitors/', 'b/'],
      wait: { timeoutMs: 300_000 },
    });
  });

  it('refuses a bad --wait, --wait-fail-on alone, and a bad --concurrency or --format', () => {
    expectRefused(
      () => parseApplyArguments([], { waitFailOn: 'down' }, {}),
      'BAD_OPTION',
      '--wait-fail-on needs --wait',
    );
    expectRefused(
      () => parseApplyArguments([], { wait: '7h' }, {}),
      'BAD_OPTION',
      '--wait takes a duration such as 90s, 5m, 1m30s or 1h (at most 6h), not "7h"',
    );
    for (const concurrency of ['0', '65', '2.5', 'many'])
      expectRefused(
        () => parseApplyArguments([], { concurrency }, {}),
        'BAD_OPTION',
        `--concurrency must be a whole number from 1 to 64, not "${concurrency}"`,
      );
    expectRefused(
      () => parseApplyArguments([], { format: 'markdown' }, {}),
      'BAD_OPTION',
      /^--format must be text or json/,
    );
  });

  it('takes a saved plan alone: no YAML paths, no --target or --replace, no empty file name', () => {
    expect(parseApplyArguments([], { plan: 'plan.json' }, {}).plan).toBe('plan.json');
    expectRefused(
      () => parseApplyArguments(['monitors/'], { plan: 'plan.json' }, {}),
      'BAD_OPTION',
      '--plan applies a saved plan; do not pass YAML paths with it',
    );
    expectRefused(
      () => parseApplyArguments([], { plan: 'plan.json', replace: ['a'] }, {}),
      'BAD_OPTION',
      '--replace cannot be given with --plan: a saved plan keeps the targets and replacements it was made with; nothing was changed',
    );
    expectRefused(() => parseApplyArguments([], { plan: '' }, {}), 'BAD_OPTION', '--plan needs a file name');
  });
});

describe('parseDestroyArguments', () => {
  it('gives the options of every writing command, with no wait', () => {
    expect(parseDestroyArguments(['m/'], { yes: true, lock: 'x.lock.json' }, {})).toMatchObject({
      paths: ['m/'],
      yes: true,
      lock: 'x.lock.json',
      concurrency: 8,
      format: 'text',
      wait: undefined,
    });
    expectRefused(() => parseDestroyArguments([], { lock: '' }, {}), 'BAD_OPTION', '--lock needs a file name');
    expectRefused(
      () => parseDestroyArguments([], { env: '' }, {}),
      'BAD_OPTION',
      '--env needs the name of an environment (settings.environments)',
    );
  });
});
