// Every bad option of every command is refused with one clear line, exit 1, before any
// request is sent: the server sees nothing. The built CLI against the spec server, with
// MONITORS_API_URL set (so that nothing but the options can stop a request).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startSpecServer, type SpecServer } from '../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_bad_options_0123456789';
let server: SpecServer;
let dir = '';

beforeAll(async () => {
  server = await startSpecServer({
    tokens: [{ token: TOKEN, scopes: ['monitors:read', 'monitors:write', 'account:read', 'incidents:read'] }],
  });
  dir = mkdtempSync(join(tmpdir(), 'bad-options-'));
  writeFileSync(
    join(dir, 'monitors.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: svc-1\n    url: https://shop.example.com/1\n`,
  );
  writeFileSync(join(dir, 'monitors.lock.json'), '{"format_version": 1, "salt": "c2FsdHNhbHRzYWx0", "monitors": []}\n');
  writeFileSync(join(dir, 'a-file'), 'not a folder\n');
  mkdirSync(join(dir, 'a-folder'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const CASES: [string, string[], RegExp][] = [
  ['validate --format xml', ['validate', '--format', 'xml'], /BAD_OPTION: --format/],
  ['plan --format yaml', ['plan', '--format', 'yaml'], /BAD_OPTION: --format/],
  ['plan --out ""', ['plan', '--out', ''], /BAD_OPTION: --out needs a file name/],
  ['plan --out a folder', ['plan', '--out', 'a-folder'], /BAD_OPTION: --out a-folder is a folder/],
  [
    'plan --out the lock file',
    ['plan', '--out', 'monitors.lock.json'],
    /BAD_OPTION: --out monitors\.lock\.json is the lock file/,
  ],
  [
    'plan --out a YAML file of the plan',
    ['plan', '--out', 'monitors.yaml'],
    /BAD_OPTION: --out monitors\.yaml is a YAML file/,
  ],
  ['plan --lock ""', ['plan', '--lock', ''], /BAD_OPTION: --lock needs a file name/],
  ['plan --lock a folder', ['plan', '--lock', 'a-folder'], /BAD_OPTION: --lock a-folder is a folder/],
  [
    'plan with an unknown option: one line, then where the options are (not the whole help page)',
    ['plan', '--bogus'],
    /^error BAD_OPTION: unknown option '--bogus'\n {2}`monitors plan --help` lists its options\.\n$/,
  ],
  [
    'apply with a mistyped option: the closest flag on the same line',
    ['apply', '--yse'],
    /^error BAD_OPTION: unknown option '--yse'; did you mean --yes\?\n {2}`monitors apply --help` lists its options\.\n$/,
  ],
  [
    'plan --format without a value',
    ['plan', '--format'],
    /^error BAD_OPTION: option '--format <format>' argument missing/,
  ],
  [
    'an unknown command',
    ['plna'],
    /^error UNKNOWN_COMMAND: unknown command 'plna'; did you mean plan\?\n {2}`monitors --help` lists the commands\.\n$/,
  ],
  [
    'an unrelated flag: no "did you mean" (commander would offer --format for --force)',
    ['plan', '--force'],
    /^error BAD_OPTION: unknown option '--force'\n {2}`monitors plan --help` lists its options\.\n$/,
  ],
  [
    'an unrelated command: no "did you mean" (commander would offer status for stater; state is Terraform\'s, see terraform-habits.test.ts)',
    ['stater'],
    /^error UNKNOWN_COMMAND: unknown command 'stater'\n {2}`monitors --help` lists the commands\.\n$/,
  ],
  ['sim with an unknown option', ['sim', '--bogus'], /^error SIM_BAD_OPTION: unknown option '--bogus'\n$/],
  ['sim --port without a value', ['sim', '--port'], /^error SIM_BAD_OPTION: option '--port <n>' argument missing\n$/],
  ...['0', '-1', '1.5', 'abc', '65', '', '1e1', '0x10'].map((n): [string, string[], RegExp] => [
    `apply --concurrency "${n}"`,
    ['apply', '--yes', '--concurrency', n],
    /BAD_OPTION: --concurrency must be a whole number from 1 to 64/,
  ]),
  ['apply --format xml', ['apply', '--yes', '--format', 'xml'], /BAD_OPTION: --format must be text or json/],
  ['apply --lock ""', ['apply', '--yes', '--lock', ''], /BAD_OPTION: --lock needs a file name/],
  ['apply --plan ""', ['apply', '--plan', ''], /BAD_OPTION: --plan needs a file name/],
  [
    'apply --plan with YAML paths',
    ['apply', '--plan', 'plan.json', 'monitors.yaml'],
    /BAD_OPTION: --plan applies a saved plan/,
  ],
  ['apply --plan a file that does not exist', ['apply', '--plan', 'missing.json'], /PLAN_FILE_UNREADABLE/],
  [
    'apply --plan with a bad --concurrency',
    ['apply', '--plan', 'missing.json', '--concurrency', '0'],
    /BAD_OPTION: --concurrency/,
  ],
  ['apply with an unknown option', ['apply', '--yes', '--bogus'], /unknown option '--bogus'/],
  [
    'check --changed --concurrency 0',
    ['check', '--changed', '--concurrency', '0'],
    /BAD_OPTION: --concurrency must be a whole number/,
  ],
  ['check --changed --format yaml', ['check', '--changed', '--format', 'yaml'], /BAD_OPTION: --format/],
  ['export --out ""', ['export', '--out', ''], /BAD_OPTION: --out needs a folder name/],
  ['export --out a file', ['export', '--out', 'a-file'], /BAD_OPTION: --out a-file is a file, not a folder/],
  ['export --lock ""', ['export', '--lock', ''], /BAD_OPTION: --lock needs a file name/],
  ['export --api-url ""', ['export', '--api-url', ''], /BAD_OPTION: --api-url needs a URL/],
  [
    'export --api-url not https',
    ['export', '--api-url', 'http://monitoring.example.com/api/v1'],
    /CONFIG_INSECURE_URL/,
  ],
];

describe('bad options are refused before any request', () => {
  it.each(CASES)('%s', async (_name, args, expected) => {
    server.clearRequests();
    const run = await runCli(args, { cwd: dir, env: { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: TOKEN } });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toMatch(expected);
    expect(run.stderr).not.toMatch(/^ {4}at /m);
    expect(server.requests(), 'the server saw no request').toEqual([]);
  });

  it('the same commands with good options do reach the server (the test can see requests)', async () => {
    server.clearRequests();
    const run = await runCli(['plan', '--out', 'plan.json', '--lock', 'monitors.lock.json'], {
      cwd: dir,
      env: { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: TOKEN },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests().length).toBeGreaterThan(0);
  });
});
