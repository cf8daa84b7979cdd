// No perpetual diffs: a plan made right after an apply shows no changes, whether the
// server lists only the fields of spec 2.2 or every input field (but auth_secret).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';

const ROOT = fileURLToPath(new URL('../../examples', import.meta.url));
const EXAMPLES = [join(ROOT, 'shop'), join(ROOT, 'model-gateway')];
const TOKEN = 'tok_listing_modes_0123456';
const SECRETS = { SHOP_API_TOKEN: 'a', SHOP_ADMIN_PASSWORD: 'b', GATEWAY_API_KEY: 'c', STAGING_SHOP_API_TOKEN: 'd' };
let sim: SimServer | undefined;
let dir: string | undefined;

afterEach(async () => {
  await sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.each(['spec', 'full'] as const)('listing mode "%s"', (listingMode) => {
  it('plans no changes right after an apply of the examples', async () => {
    sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], listingMode });
    dir = mkdtempSync(join(tmpdir(), `modes-${listingMode}-`));
    const env = { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN, ...SECRETS };
    const lock = join(dir, 'monitors.lock.json');
    const apply = await runCli(['apply', ...EXAMPLES, '--yes', '--lock', lock], { env });
    expect(apply.code, apply.stderr).toBe(0);
    const plan = await runCli(['plan', ...EXAMPLES, '--lock', lock, '--detailed-exitcode'], { env });
    expect(plan.code, plan.stdout).toBe(0);
    expect(plan.stdout).toContain('No changes. 21 monitors up to date.');
    // Without the lock file every monitor is "not verifiable" once; the listing alone shows no drift.
    const fresh = await runCli(['plan', ...EXAMPLES, '--lock', join(dir, 'none.json'), '--format', 'json'], { env });
    const reasons = (JSON.parse(fresh.stdout) as { changes: { reason: string }[] }).changes.map((c) => c.reason);
    expect(new Set(reasons)).toEqual(new Set(['not_verifiable']));
  });

  it('plans no changes right after an apply of the templated environments example (staging)', async () => {
    sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], listingMode });
    dir = mkdtempSync(join(tmpdir(), `modes-env-${listingMode}-`));
    cpSync(join(ROOT, 'environments'), join(dir, 'monitors'), { recursive: true });
    const settings = join(dir, 'monitors', 'settings.yaml');
    writeFileSync(
      settings,
      readFileSync(settings, 'utf8').replace('https://staging.monitoring.example.com/api/v1', sim.baseUrl),
    );
    const env = { MONITORS_STAGING_TOKEN: TOKEN, ...SECRETS };
    const apply = await runCli(['apply', 'monitors', '--env', 'staging', '--yes'], { cwd: dir, env });
    expect(apply.code, apply.stderr).toBe(0);
    const plan = await runCli(['plan', 'monitors', '--env', 'staging', '--detailed-exitcode'], { cwd: dir, env });
    expect(plan.code, plan.stdout).toBe(0);
    expect(plan.stdout).toContain('No changes. 14 monitors up to date.');
  });
});
