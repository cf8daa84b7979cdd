// An unset ${env:NAME} stops plan and apply with the variable named and located, and with
// the validate command that reports it too (issue 23, point 2): plain `validate` only warns
// about an unset variable, so "monitors validate checks offline" sent users to a command
// that passes. A variable that comes through a var is also located where the var is set.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

let dir: string;

const SETTINGS = `settings:
  environments:
    staging:
      api_url: http://127.0.0.1:9/api/v1
      token_env: ACME_STAGING_TOKEN
      lock_file: staging.lock.json
      vars:
        read_token: \${env:ACME_API_READ_TOKEN}
    production:
      api_url: http://127.0.0.1:9/api/v1
      token_env: ACME_PRODUCTION_TOKEN
      lock_file: production.lock.json
      vars:
        read_token: \${env:ACME_PRODUCTION_READ_TOKEN}
`;
// Line 20 col 18 is the ${var.read_token} reference; settings.yaml:8:21 is where staging sets it.
const MONITORS = `${E2E_DEFAULTS}monitors:
  - name: orders API
    url: https://orders.example.com/health
    auth_type: bearer
    auth_secret: \${var.read_token}
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'missing-env-'));
  writeFileSync(join(dir, 'settings.yaml'), SETTINGS);
  writeFileSync(join(dir, 'monitors.yaml'), MONITORS);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) =>
  runCli(args, { cwd: dir, env: { ACME_STAGING_TOKEN: 'tok_staging_0123456789', ACME_PRODUCTION_READ_TOKEN: 'x' } });

describe('an unset variable in plan and apply', () => {
  it.each([['plan'], ['apply']])(
    '%s names it, where it is referenced and where the var holding it is set',
    async (command) => {
      const run = await cli(
        [command, '.', '--env', 'staging', '--yes'].filter((a) => command === 'apply' || a !== '--yes'),
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'monitors.yaml:20:18: error env.missing environment variable ACME_API_READ_TOKEN is not set (referenced by auth_secret through ${var.read_token}) (var read_token is set at settings.yaml:8:21)',
      );
      expect(run.stderr).toContain(
        'error CONFIG_INVALID: environment variable ACME_API_READ_TOKEN (referenced at monitors.yaml:20:18) is not set; nothing was changed',
      );
      expect(run.stderr).toContain(
        '  Set ACME_API_READ_TOKEN (in CI: from a secret), then run the command again; `monitors validate . --require-env --env staging` checks for this offline (without --require-env, validate only warns about an unset variable).',
      );
      expect(run.stderr).not.toContain('(`monitors validate` checks offline)');
    },
  );

  it('the validate command it names fails the same way, where plain validate only warns', async () => {
    const plain = await cli(['validate', '.', '--env', 'staging']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('warning env.missing environment variable ACME_API_READ_TOKEN is not set');
    const strict = await cli(['validate', '.', '--require-env', '--env', 'staging']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain(
      'monitors.yaml:20:18: error env.missing environment variable ACME_API_READ_TOKEN is not set (referenced by auth_secret through ${var.read_token}) (var read_token is set at settings.yaml:8:21)',
    );
  });

  it('with other errors too, says how many and still names the variable', async () => {
    writeFileSync(join(dir, 'monitors.yaml'), MONITORS.replace('    url: https://orders', '    urll: https://orders'));
    try {
      const run = await cli(['plan', '.', '--env', 'staging']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'error CONFIG_INVALID: the YAML has 3 errors (listed above), among them the unset environment variable ACME_API_READ_TOKEN (referenced at monitors.yaml:20:18); nothing was changed',
      );
      expect(run.stderr).toContain(
        '  Set ACME_API_READ_TOKEN (in CI: from a secret) and fix the other errors, then run',
      );
    } finally {
      writeFileSync(join(dir, 'monitors.yaml'), MONITORS);
    }
  });

  it("a var of the file's own vars: is located there", async () => {
    const own = mkdtempSync(join(tmpdir(), 'missing-env-own-'));
    try {
      writeFileSync(
        join(own, 'monitors.yaml'),
        `vars:\n  token: \${env:SHOP_TOKEN}\n${MONITORS.replace('${var.read_token}', '${var.token}')}`,
      );
      const run = await runCli(['plan', '.'], {
        cwd: own,
        env: {
          MONITORS_API_TOKEN: 'tok_0123456789',
          MONITORS_API_URL: 'http://127.0.0.1:9/api/v1',
          MONITORS_MAX_ATTEMPTS: '1',
        },
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        'monitors.yaml:22:18: error env.missing environment variable SHOP_TOKEN is not set (referenced by auth_secret through ${var.token}) (var token is set at monitors.yaml:2:10)',
      );
      expect(run.stderr).toContain(
        'error CONFIG_INVALID: environment variable SHOP_TOKEN (referenced at monitors.yaml:22:18) is not set; nothing was changed',
      );
      expect(run.stderr).toContain('`monitors validate . --require-env` checks for this offline');
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
