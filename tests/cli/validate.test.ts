// `monitors validate` as a process: exit codes, output formats, annotations.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE_ENV = {
  SHOP_API_TOKEN: 'shop-token-value',
  SHOP_ADMIN_PASSWORD: 'admin-pw-value',
  GATEWAY_API_KEY: 'gw-key-value',
};
let dir = '';

const BROKEN = `monitors:
  - name: home
    type: http
    url: https://shop.example.com/
    method: GET
    interval_seconds: 300
    timeout_seconds: 100
    retry_count: 1
    confirmation_attempts: 2
    slow_threshold_ms: 2000
    expected_status_min: 200
    expected_status_max: 299
    max_redirects: 3
    auth_type: none
    execution_mode: local
    consensus_threshold: 1
    colour: red
`;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'monitors-validate-'));
  mkdirSync(path.join(dir, 'broken'));
  writeFileSync(path.join(dir, 'broken', 'shop.yaml'), BROKEN);
  mkdirSync(path.join(dir, 'empty'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('monitors validate', () => {
  it('exits 0 on the examples and says how many monitors in how many files', async () => {
    const r = await runCli(['validate', 'examples/shop', 'examples/model-gateway'], { cwd: ROOT, env: EXAMPLE_ENV });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^\d+ monitors in 4 files: valid\.\n$/);
    expect(r.code).toBe(0);
  });

  it('needs no secrets: an unset ${env:NAME} is a warning (exit 0); --require-env makes it an error', async () => {
    const r = await runCli(['validate', 'examples/shop', 'examples/model-gateway'], { cwd: ROOT });
    expect(r.code).toBe(0);
    const missing = r.stdout.split('\n').filter((line) => line.includes('env.missing'));
    expect(missing).toEqual([
      'examples/shop/storefront.yaml:57:18: warning env.missing environment variable SHOP_API_TOKEN is not set (referenced by auth_secret); plan and apply need it',
      'examples/shop/storefront.yaml:70:18: warning env.missing environment variable SHOP_ADMIN_PASSWORD is not set (referenced by auth_secret); plan and apply need it',
      'examples/model-gateway/gateway.yaml:16:16: warning env.missing environment variable GATEWAY_API_KEY is not set (referenced by auth_secret); plan and apply need it (affects 2 monitors)',
    ]);
    expect(r.stdout).toMatch(/\n\d+ monitors in 4 files: valid \(3 warnings\)\.\n$/);
    const strict = await runCli(['validate', '--require-env', 'examples/shop', 'examples/model-gateway'], {
      cwd: ROOT,
    });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain(
      'examples/shop/storefront.yaml:57:18: error env.missing environment variable SHOP_API_TOKEN is not set (referenced by auth_secret)\n',
    );
    expect(strict.stdout).toMatch(/\n3 errors in 2 files\.\n$/);
  });

  it('exits 1 on a broken file with file:line:col, paths relative to the working folder', async () => {
    const r = await runCli(['validate', 'broken'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        'broken/shop.yaml:7:22: error schema.maximum timeout_seconds must be at most 60',
        'broken/shop.yaml:17:5: error schema.additionalProperties unknown field "colour"',
        '2 errors in 1 file.',
        '',
      ].join('\n'),
    );
  });

  it('defaults to the current folder', async () => {
    const r = await runCli(['validate'], { cwd: path.join(dir, 'broken') });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('shop.yaml:7:22: error schema.maximum');
  });

  it('--format json prints the documented report', async () => {
    const r = await runCli(['validate', 'broken', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(report).toEqual({
      format_version: 1,
      version: 1,
      environment: null,
      valid: false,
      files: ['broken/shop.yaml'],
      skipped: [],
      monitors: 1,
      errors: 2,
      warnings: 0,
      diagnostics: [
        {
          file: 'broken/shop.yaml',
          line: 7,
          col: 22,
          severity: 'error',
          code: 'schema.maximum',
          message: 'timeout_seconds must be at most 60',
        },
        {
          file: 'broken/shop.yaml',
          line: 17,
          col: 5,
          severity: 'error',
          code: 'schema.additionalProperties',
          message: 'unknown field "colour"',
        },
      ],
    });
  });

  it('a folder search skips YAML of other tools with a one-line note, listed in --format json', async () => {
    const root = path.join(dir, 'repo');
    mkdirSync(path.join(root, 'monitors'), { recursive: true });
    writeFileSync(path.join(root, 'docker-compose.yml'), 'services:\n  web:\n    image: nginx\n');
    writeFileSync(
      path.join(root, 'monitors', 'shop.yaml'),
      BROKEN.replace('timeout_seconds: 100', 'timeout_seconds: 10').replace('    colour: red\n', ''),
    );
    const text = await runCli(['validate'], { cwd: root });
    expect(text.code).toBe(0);
    expect(text.stdout).toBe(
      'docker-compose.yml: info file.skipped skipped: not a monitors file (no defaults, vars, monitors, moved, removed, deleted, settings or policy at its top level); name it explicitly to check it as one\n1 monitor in 1 file: valid (1 file skipped).\n',
    );
    const json = JSON.parse((await runCli(['validate', '--format', 'json'], { cwd: root })).stdout) as Record<
      string,
      unknown
    >;
    expect(json).toMatchObject({
      valid: true,
      files: ['monitors/shop.yaml'],
      skipped: ['docker-compose.yml'],
      errors: 0,
      warnings: 0,
    });
    const annotations = await runCli(['validate'], { cwd: root, env: { GITHUB_ACTIONS: 'true' } });
    expect(annotations.stdout).toContain(
      '::notice file=docker-compose.yml,title=file.skipped::skipped: not a monitors file',
    );
    const strict = await runCli(['validate', 'docker-compose.yml'], { cwd: root });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain(
      'docker-compose.yml:1:1: error schema.additionalProperties unknown field "services"',
    );
  });

  it('prints GitHub annotations when GITHUB_ACTIONS=true', async () => {
    const r = await runCli(['validate', 'broken'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    expect(r.stdout).toContain(
      '::error file=broken/shop.yaml,line=7,col=22,title=schema.maximum::timeout_seconds must be at most 60\n',
    );
    const json = await runCli(['validate', 'broken', '--format', 'json'], {
      cwd: dir,
      env: { GITHUB_ACTIONS: 'true' },
    });
    expect(() => JSON.parse(json.stdout)).not.toThrow();
    expect(json.stderr).toContain('::error file=broken/shop.yaml,line=17,col=5,title=schema.additionalProperties::');
  });

  it('a key with a line break and escape sequences cannot forge a workflow command or drive the terminal', async () => {
    const file = path.join(dir, 'forged.yaml');
    writeFileSync(
      file,
      BROKEN.replace('    colour: red\n', '    "x\\n::warning file=a,line=1::forged\\e[2J": red\n').replace(
        'timeout_seconds: 100',
        'timeout_seconds: 10',
      ),
    );
    for (const env of [{}, { GITHUB_ACTIONS: 'true' }]) {
      const r = await runCli(['validate', 'forged.yaml'], { cwd: dir, env });
      expect(r.code).toBe(1);
      expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
      expect(r.stdout.split('\n').filter((line) => line.startsWith('::warning'))).toEqual([]);
      expect(r.stdout).toContain(
        'forged.yaml:17:5: error schema.additionalProperties unknown field "x\\u000a::warning file=a,line=1::forged\\u001b[2J"\n',
      );
    }
  });

  it('a missing path and an empty folder: one clear line each, exit 1, no stack trace', async () => {
    const r = await runCli(['validate', 'nope.yaml', 'empty'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      'nope.yaml: error path.not_found no such file or folder\nempty: error path.empty_folder the folder is empty; expected .yaml or .yml files of monitors (`monitors init` writes a starter set)\n2 errors in 2 paths given.\n',
    );
    expect(r.stderr).toBe('');
  });

  it('a missing path gets a "did you mean" for a near entry of its folder, and is not counted as a file', async () => {
    mkdirSync(path.join(dir, 'monitors'), { recursive: true });
    writeFileSync(path.join(dir, 'monitors', 'shop.yaml'), BROKEN);
    const r = await runCli(['validate', 'monitor/'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      'monitor: error path.not_found no such file or folder; did you mean "monitors/"?\n1 error in 1 path given.\n',
    );
    const both = await runCli(['validate', 'monitors', 'monitorz'], { cwd: dir });
    expect(both.stdout).toContain('monitorz: error path.not_found no such file or folder; did you mean "monitors/"?\n');
    expect(both.stdout).toMatch(/\n\d+ errors? in 1 file and 1 path given\.\n$/);
  });

  it('never prints a secret, even a literal one it rejects', async () => {
    writeFileSync(
      path.join(dir, 'secret.yaml'),
      BROKEN.replace('auth_type: none', 'auth_type: bearer\n    auth_secret: sk-live-12345-very-secret'),
    );
    const r = await runCli(['validate', 'secret.yaml', '--format', 'json'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('secret.literal');
    expect(r.stdout + r.stderr).not.toContain('sk-live-12345');
  });

  it('a list used as a key is an unknown field, with nothing on stderr (no Node warning)', async () => {
    writeFileSync(path.join(dir, 'list-key.yaml'), 'monitors:\n  - [a, b]: c\n');
    const r = await runCli(['validate', 'list-key.yaml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('list-key.yaml:2:5: error schema.additionalProperties unknown field "[ a, b ]"');
    expect(r.stderr).toBe('');
  });

  it('rejects an unknown format with a clear message', async () => {
    const r = await runCli(['validate', '--format', 'xml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--format must be text, json, sarif or codequality, not "xml"');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('checks every environment of a set by default, one with --env or MONITORS_ENV, and refuses an undeclared one', async () => {
    const env = { STAGING_SHOP_API_TOKEN: 'st', PRODUCTION_SHOP_API_TOKEN: 'pr' };
    const all = await runCli(['validate', 'examples/environments'], { cwd: ROOT, env });
    expect(all.code, all.stdout).toBe(0);
    expect(all.stdout.trim()).toBe('34 monitors (staging: 14, production: 20) in 3 files: valid.');
    const one = await runCli(['validate', 'examples/environments', '--env', 'production'], {
      cwd: ROOT,
      env: { PRODUCTION_SHOP_API_TOKEN: 'pr' },
    });
    expect(one.code, one.stdout).toBe(0);
    expect(one.stdout.trim()).toBe('20 monitors (production: 20) in 3 files: valid.');
    const viaEnv = await runCli(['validate', 'examples/environments'], {
      cwd: ROOT,
      env: { STAGING_SHOP_API_TOKEN: 'st', MONITORS_ENV: 'staging' },
    });
    expect(viaEnv.stdout.trim()).toBe('14 monitors (staging: 14) in 3 files: valid.');
    const unknown = await runCli(['validate', 'examples/environments', '--env', 'prod'], { cwd: ROOT, env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'error ENV_UNKNOWN: --env prod names environment "prod", which the YAML does not declare; did you mean "production"?',
    );
    const stage = await runCli(['validate', 'examples/environments', '--env', 'stage'], { cwd: ROOT, env });
    expect(stage.stderr).toContain(
      'error ENV_UNKNOWN: --env stage names environment "stage", which the YAML does not declare; did you mean "staging"?',
    );
    const none = await runCli(['validate', 'examples/shop', '--env', 'staging'], { cwd: ROOT, env: EXAMPLE_ENV });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(
      'error ENV_NOT_DECLARED: --env staging names environment "staging", but the YAML declares no environments',
    );
  });
});
