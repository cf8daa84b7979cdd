// plan and apply take --api-url like export (it wins over MONITORS_API_URL, which wins
// over settings.api_url), and --help of validate, plan, apply and check says what the paths default to.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_api_url_flag_0123456789';
const DEAD = 'http://127.0.0.1:9/api/v1'; // nothing listens on the discard port
let sim: SimServer;
let dir: string;

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)] });
  dir = mkdtempSync(join(tmpdir(), 'api-url-'));
  writeFileSync(
    join(dir, 'shop.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: home\n    url: https://shop.example.com/\nsettings:\n  api_url: ${DEAD}\n`,
  );
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { cwd: dir, env: { MONITORS_API_TOKEN: TOKEN, MONITORS_MAX_ATTEMPTS: '1', ...env } });

describe('--api-url on plan and apply', () => {
  it('wins over MONITORS_API_URL and settings.api_url, for plan, plan --out, apply and apply --plan', async () => {
    const plan = await cli(['plan', '--api-url', sim.baseUrl, '--detailed-exitcode', '--out', 'plan.json'], {
      MONITORS_API_URL: DEAD,
    });
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('Plan: 1 to create, 0 to update, 0 to delete.');
    const saved = await cli(['apply', '--plan', 'plan.json', '--api-url', sim.baseUrl], { MONITORS_API_URL: DEAD });
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain('Apply complete: 1 created');
    const apply = await cli(['apply', '--yes', '--api-url', sim.baseUrl]);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('No changes.');
  });

  it('a saved plan remembers the --api-url it was made with', async () => {
    const plan = await cli(['plan', '--api-url', sim.baseUrl, '--out', 'again.json']);
    expect(plan.code, plan.stderr).toBe(0);
    const apply = await cli(['apply', '--plan', 'again.json']);
    expect(apply.code, apply.stderr).toBe(0);
  });

  it('without any URL, the message names all three ways to give one', async () => {
    // A set of its own: naming a file plans its whole set, and the set above names a URL.
    mkdirSync(join(dir, 'alone'));
    writeFileSync(
      join(dir, 'alone', 'sub.yaml'),
      `${E2E_DEFAULTS}monitors:\n  - name: other\n    url: https://shop.example.com/other\n`,
    );
    const r = await cli(['plan', 'alone/sub.yaml']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error CONFIG_NO_API_URL: no API URL: no --api-url, MONITORS_API_URL is not set and the YAML has no settings.api_url',
    );
  });
});

describe('--help', () => {
  it.each(['validate', 'plan', 'apply', 'check'])('%s --help shows what the paths default to', async (command) => {
    const r = await runCli([command, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(
      'paths YAML files or folders, searched recursively (default: ., the current folder)',
    );
  });
});
