// A 401 or 403 during apply stops it at the first one: no new write starts, the writes in
// flight finish and are recorded, the refusal is said once with advice that fits (fix the
// token), and the server sees no more writes. The built CLI against the spec server.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startSpecServer, type SpecServer } from '../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const FULL = 'tok_auth_full_0123456789';
const READ_ONLY = 'tok_auth_readonly_0123456789';
const EXPIRING = 'tok_auth_expiring_0123456789';
let server: SpecServer | undefined;
let dir = '';
afterEach(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function setup(count: number): Promise<SpecServer> {
  server = await startSpecServer({
    tokens: [
      { token: FULL, scopes: ['monitors:read', 'monitors:write'] },
      { token: READ_ONLY, scopes: ['monitors:read'] },
      { token: EXPIRING, scopes: ['monitors:read', 'monitors:write'], validWrites: 2 },
    ],
  });
  dir = mkdtempSync(join(tmpdir(), 'auth-stop-'));
  const names = Array.from({ length: count }, (_, i) => `svc-${String(i).padStart(2, '0')}`);
  writeFileSync(
    join(dir, 'monitors.yaml'),
    `${E2E_DEFAULTS}monitors:\n${names.map((n) => `  - name: ${n}\n    url: https://shop.example.com/${n}\n`).join('')}`,
  );
  return server;
}

const apply = (s: SpecServer, token: string, extra: string[] = []) =>
  runCli(['apply', '--yes', ...extra], {
    cwd: dir,
    env: { MONITORS_API_URL: s.baseUrl, MONITORS_API_TOKEN: token, MONITORS_RETRY_BASE_MS: '5', CI: 'true' },
  });
const writes = (s: SpecServer) => s.requests().filter((r) => r.method !== 'GET');
const count = (text: string, part: string) => text.split(part).length - 1;

describe('apply with a token the API refuses', () => {
  it(
    '403 (no monitors:write), at the usual concurrency: the first write goes alone, so one write is sent; the scope is named once, in the order it happened, and no lock file is said to be written',
    { timeout: 120_000 },
    async () => {
      const s = await setup(10);
      const run = await apply(s, READ_ONLY); // 8 at once, once a write succeeded
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(writes(s).map((r) => r.status)).toEqual([403]);
      const output = run.stdout + run.stderr;
      expect(count(output, 'lacks the monitors:write scope'), output).toBe(1);
      expect(run.stdout).toContain('Stopped at the first refusal of the token: API_FORBIDDEN');
      expect(run.stdout).toContain(
        'No write had succeeded; 1 change was refused for this reason, and the other 9 changes were not sent',
      );
      expect(run.stdout).toContain('Nothing was changed on the server.');
      expect(run.stdout).toContain('Apply stopped: 0 created, 0 updated, 0 deleted, 1 failed, 9 not started.');
      expect(output).not.toContain('Lock file written');
      expect(output).not.toContain('Run the same apply again');
      expect(output).not.toMatch(/^ {4}at /m);
    },
  );

  it('after a first write succeeded, the others go at the usual concurrency', { timeout: 120_000 }, async () => {
    const s = await setup(9);
    s.options.latencyMs = 200; // each answer takes 200 ms
    const run = await apply(s, FULL);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const arrivals = writes(s)
      .map((r) => r.arrivedAt)
      .sort((a, b) => a - b);
    expect(arrivals).toHaveLength(9);
    const [first, ...rest] = arrivals as [number, ...number[]];
    // None before the first was answered; the other 8 at once (one by one would take 1.6 s).
    expect(rest.every((at) => at >= first + 190)).toBe(true);
    expect(rest[rest.length - 1]! - rest[0]!).toBeLessThan(800);
  });

  it(
    '401 half-way (the token revoked after two writes): stops there, records the two, and a run with a good token finishes without repeating them',
    { timeout: 120_000 },
    async () => {
      const s = await setup(6);
      const run = await apply(s, EXPIRING, ['--concurrency', '1']);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(writes(s).map((r) => r.status)).toEqual([201, 201, 401]);
      expect(count(run.stdout + run.stderr, 'API_UNAUTHORIZED')).toBe(1);
      expect(run.stdout).toContain('Apply stopped: 2 created, 0 updated, 0 deleted, 1 failed, 3 not started.');
      const lock = JSON.parse(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')) as { monitors: unknown[] };
      expect(lock.monitors).toHaveLength(2);

      const again = await apply(s, FULL);
      expect(again.code, again.stdout + again.stderr).toBe(0);
      expect(again.stdout).toContain('Apply complete: 4 created, 0 updated, 0 deleted, 0 failed.');
      expect(s.monitors()).toHaveLength(6);
    },
  );
});
