// `monitors plan`'s arguments, parsed without a process: the defaults, --env all, each
// refusal (with its code and message) and each conversion.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePlanArguments } from '../../../src/cli/arguments/plan.js';
import { expectRefused } from './refused.js';

const folder = mkdtempSync(join(tmpdir(), 'plan-args-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('parsePlanArguments', () => {
  it('gives the defaults when only the format is given', () => {
    expect(parsePlanArguments({ format: 'text' }, {})).toEqual({
      format: 'text',
      environment: undefined,
      out: undefined,
      lock: undefined,
      narrowing: {},
      detailedExitcode: false,
      allowMassDelete: false,
      allowMissing: false,
      apiUrl: undefined,
    });
  });

  it('reads the environment from --env, else MONITORS_ENV', () => {
    expect(parsePlanArguments({ format: 'text', env: ' prod ' }, { MONITORS_ENV: 'dev' })).toMatchObject({
      environment: { name: 'prod', via: '--env' },
    });
    expect(parsePlanArguments({ format: 'json' }, { MONITORS_ENV: 'dev' })).toMatchObject({
      environment: { name: 'dev', via: 'MONITORS_ENV' },
    });
  });

  it('keeps the switches, --out, --lock and --api-url, and each --target once', () => {
    const parsed = parsePlanArguments(
      {
        format: 'text',
        out: 'plan.json',
        lock: 'my.lock.json',
        detailedExitcode: true,
        allowMassDelete: true,
        allowMissing: true,
        apiUrl: 'https://api.example.test/api/v1',
        target: ['a', 'shop: *', 'a'],
      },
      {},
    );
    expect(parsed).toMatchObject({
      out: 'plan.json',
      lock: 'my.lock.json',
      detailedExitcode: true,
      allowMassDelete: true,
      allowMissing: true,
      apiUrl: 'https://api.example.test/api/v1',
      narrowing: { targets: ['a', 'shop: *'] },
    });
  });

  it('draws a fresh token for --replace, with each pattern once', () => {
    const first = parsePlanArguments({ format: 'text', replace: ['b', 'b'] }, {});
    const second = parsePlanArguments({ format: 'text', replace: ['b'] }, {});
    expect(first.narrowing.replace?.patterns).toEqual(['b']);
    expect(first.narrowing.replace?.token).toMatch(/^[\w-]{12}$/);
    expect(first.narrowing.replace?.token).not.toBe(second.narrowing.replace?.token);
  });

  it('refuses an unknown format, an empty --env, an empty or folder --out or --lock, and an empty --target', () => {
    expectRefused(
      () => parsePlanArguments({ format: 'yaml' }, {}),
      'BAD_OPTION',
      '--format must be text, markdown or json, not "yaml"',
    );
    expectRefused(
      () => parsePlanArguments({ format: 'text', env: ' ' }, {}),
      'BAD_OPTION',
      '--env needs the name of an environment (settings.environments)',
    );
    expectRefused(() => parsePlanArguments({ format: 'text', out: ' ' }, {}), 'BAD_OPTION', '--out needs a file name');
    expectRefused(
      () => parsePlanArguments({ format: 'text', lock: folder }, {}),
      'BAD_OPTION',
      `--lock ${folder} is a folder; give a file name`,
    );
    expectRefused(
      () => parsePlanArguments({ format: 'text', target: ['ok', ''] }, {}),
      'BAD_OPTION',
      '--target needs a monitor name or a glob, not an empty string',
    );
    expectRefused(
      () => parsePlanArguments({ format: 'text', replace: [' '] }, {}),
      'BAD_OPTION',
      '--replace needs a monitor name or a glob, not an empty string',
    );
  });

  it('checks the format before --env all, as before anything else', () => {
    expectRefused(() => parsePlanArguments({ format: 'sarif', env: 'all' }, {}), 'BAD_OPTION', /^--format must be/);
  });
});
