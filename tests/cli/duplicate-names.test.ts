// Two live monitors with one name (docs/recovery.md, "Duplicate names"): when the YAML
// asks for that name, plan stops with PLAN_DUPLICATE_LIVE_NAME naming both ids, with or
// without a lock file, and an `id:` pin settles it; duplicates no YAML entry names are only
// listed. The built CLI against the independent spec server.
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startSpecServer, type SpecServer } from '../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_duplicates_0123456789';
let server: SpecServer;
let dir = '';

const HAND_MADE = {
  type: 'http',
  method: 'GET',
  interval_seconds: 300,
  timeout_seconds: 10,
  retry_count: 1,
  confirmation_attempts: 2,
  slow_threshold_ms: 2000,
  expected_status_min: 200,
  expected_status_max: 299,
  max_redirects: 3,
  auth_type: 'none',
  execution_mode: 'local',
  consensus_threshold: 1,
};
const yaml = (pin = '') =>
  `${E2E_DEFAULTS}monitors:\n  - name: "acme: homepage"\n    url: https://acme.example.com/\n${pin}`;
const cli = (args: string[]) =>
  runCli(args, {
    cwd: dir,
    env: { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: TOKEN, MONITORS_RETRY_BASE_MS: '5' },
  });

beforeAll(async () => {
  server = await startSpecServer({ tokens: [{ token: TOKEN, scopes: ['monitors:read', 'monitors:write'] }] });
  dir = mkdtempSync(join(tmpdir(), 'duplicate-names-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('two live monitors with the name the YAML asks for', () => {
  it(
    'with a lock file: plan stops with PLAN_DUPLICATE_LIVE_NAME, naming both ids and which one the lock has',
    { timeout: 120_000 },
    async () => {
      writeFileSync(join(dir, 'monitors.yaml'), yaml());
      expect((await cli(['apply', '--yes'])).code).toBe(0);
      const managed = server.monitors()[0]!.id;
      const copy = server.insertMonitor({ ...HAND_MADE, name: 'acme: homepage', url: 'https://acme.example.com/' });

      const plan = await cli(['plan']);
      expect(plan.code, plan.stdout + plan.stderr).toBe(1);
      expect(plan.stderr).toContain('error PLAN_DUPLICATE_LIVE_NAME');
      expect(plan.stderr).toContain(`${managed} (in the lock file)`);
      expect(plan.stderr).toContain(copy);
      expect(plan.stderr).toContain(`id: ${managed}`);
      server.clearRequests();
      expect((await cli(['apply', '--yes'])).code).toBe(1);
      expect(
        server.requests().filter((r) => r.method !== 'GET'),
        'nothing written',
      ).toEqual([]);
    },
  );

  it('without a lock file: the same error', { timeout: 120_000 }, async () => {
    unlinkSync(join(dir, 'monitors.lock.json'));
    const plan = await cli(['plan']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(1);
    expect(plan.stderr).toContain('error PLAN_DUPLICATE_LIVE_NAME');
    for (const m of server.monitors()) expect(plan.stderr).toContain(m.id);
  });

  it('an `id:` pin settles it: the other one is listed as unmanaged and left alone', { timeout: 120_000 }, async () => {
    const [first, second] = server.monitors();
    writeFileSync(join(dir, 'monitors.yaml'), yaml(`    id: ${first!.id}\n`));
    const plan = await cli(['plan', '--format', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as { unmanaged: { id: string }[]; changes: { id: string }[] };
    expect(json.unmanaged).toEqual([{ id: second!.id, name: 'acme: homepage' }]);
    expect(json.changes.map((c) => c.id)).toEqual([first!.id]); // not verifiable: no lock file any more
  });

  it('duplicates no YAML entry names are only listed', { timeout: 120_000 }, async () => {
    writeFileSync(join(dir, 'monitors.yaml'), yaml().replace('acme: homepage', 'acme: other'));
    const plan = await cli(['plan', '--format', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const json = JSON.parse(plan.stdout) as { unmanaged: { name: string }[] };
    expect(json.unmanaged.map((u) => u.name)).toEqual(['acme: homepage', 'acme: homepage']);
  });
});
