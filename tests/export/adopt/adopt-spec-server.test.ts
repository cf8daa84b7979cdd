// `monitors export --name/--id` against the independent spec server (tests/helpers/
// spec-server.ts), whose listing returns only the spec's fields (spec 2.2): the adopted
// monitors' records are "not verifiable", exactly as whole-workspace export makes them, so
// the first plan replaces them once and touches nothing else; after that apply, all is clean.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/run-cli.js';
import { startSpecServer, type SpecServer } from '../../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../../helpers/yaml-defaults.js';
import { httpInput } from '../../load/valid-input.js';
import { changedFiles, recordTexts, snapshot } from './tree.js';

const TOKEN = 'tok_adopt_spec_0123456789';
let server: SpecServer;
let cwd: string;
let legacyIds: string[];
let searchId: string;

const monitors = (args: string[]) =>
  runCli(args, { cwd, env: { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: TOKEN, CI: 'true' } });
const read = (path: string) => readFileSync(join(cwd, path), 'utf8');
const LOCK = 'monitors/monitors.lock.json';

beforeAll(async () => {
  server = await startSpecServer({
    tokens: [{ token: TOKEN, scopes: ['account:read', 'monitors:read', 'monitors:write', 'incidents:read'] }],
  });
  cwd = mkdtempSync(join(tmpdir(), 'adopt-spec-'));
  mkdirSync(join(cwd, 'monitors'));
  writeFileSync(
    join(cwd, 'monitors', 'shop.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: "shop: home"\n    url: https://shop.example.com/\n`,
  );
  const applied = await runCli(['apply', 'monitors', '--yes'], {
    cwd,
    env: { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: TOKEN, CI: 'true' },
  });
  expect(applied.code, applied.stderr).toBe(0);
  legacyIds = [
    server.insertMonitor(httpInput({ name: 'legacy: home', url: 'https://legacy.example.com/' })),
    server.insertMonitor(httpInput({ name: 'legacy: api', url: 'https://legacy.example.com/api', method: 'HEAD' })),
  ];
  searchId = server.insertMonitor(
    httpInput({ name: 'legacy search', type: 'keyword', url: 'https://legacy.example.com/s', keyword: 'found' }),
  );
});

afterAll(async () => {
  await server.close();
  rmSync(cwd, { recursive: true, force: true });
});

describe('monitors export --name/--id against the spec server (spec-only listing)', () => {
  it('writes "not verifiable" records and says so; other files and records are untouched', async () => {
    const before = snapshot(cwd);
    const lockBefore = read(LOCK);
    server.clearRequests();
    const result = await monitors(['export', '--name', 'legacy: *']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      '  monitors/monitors.lock.json  2 lock records added (all not verifiable yet), 1 kept as they were',
    );
    expect(result.stdout).toContain('The listing did not return auth_type, confirmation_attempts');
    expect(result.stdout).toContain(
      'The first plan replaces the 2 "not verifiable" monitors once with exactly what the YAML says;',
    );
    expect(changedFiles(before, snapshot(cwd))).toEqual(['monitors/adopted.yaml', LOCK]);
    const lock = JSON.parse(read(LOCK)) as { monitors: { id: string; fingerprint: string | null }[] };
    expect(lock.monitors.filter((r) => legacyIds.includes(r.id)).map((r) => r.fingerprint)).toEqual([null, null]);
    const oldRecords = recordTexts(lockBefore);
    expect(recordTexts(read(LOCK)).filter((r) => oldRecords.includes(r))).toEqual(oldRecords);
    expect(read('monitors/adopted.yaml')).toContain('# not readable: documented default, check it');
    expect(server.requests().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /monitors']);
  });

  it('then validate passes and the plan replaces only the adopted monitors, once; after the apply all is clean', async () => {
    expect((await monitors(['validate', 'monitors'])).code).toBe(0);
    const plan = await monitors(['plan', 'monitors', '--format', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
    const changes = (JSON.parse(plan.stdout) as { changes: { action: string; id: string; reason: string }[] }).changes;
    expect(changes.map((c) => [c.action, c.id, c.reason]).sort()).toEqual(
      legacyIds.map((id) => ['replace', id, 'not_verifiable']).sort(),
    );
    expect((await monitors(['apply', 'monitors', '--yes'])).code).toBe(0);
    const again = await monitors(['plan', 'monitors', '--detailed-exitcode']);
    expect(again.code, again.stdout).toBe(0);
  });

  it('marks a field the type needs but the listing lacks as TODO, which validate points at', async () => {
    const result = await monitors(['export', '--id', searchId]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('  monitors/legacy-search.yaml: "legacy search": keyword');
    const validate = await monitors(['validate', 'monitors']);
    expect(validate.code).toBe(1);
    expect(validate.stdout).toMatch(
      /^monitors\/legacy-search\.yaml:\d+:\d+: error rule\.required_for_type type "keyword" needs keyword$/m,
    );
  });
});
