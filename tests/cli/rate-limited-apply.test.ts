// `apply` (the built CLI) against the simulator's two kinds of rate limit, in real time:
// every monitor created once, and no request, of any kind, arrived before a Retry-After
// given to the token had run out (the simulator's `early` flag, read from its own log).
// The limits are small and tight so that the client does meet 429s: it knows nothing of
// them but the answers' headers. Then the same against the independent spec server with a
// strict limit (one request at a time, refilled ten times a second) and a fifth of the
// requests answered 503 (issue 25): no request before a Retry-After either, and every
// monitor still created once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaultSettings } from '../../src/sim/options.js';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { startSpecServer, type SpecServer } from '../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_rate_limited_apply_0123';
const CREATES = 14;
let sim: SimServer | undefined;
let spec: SpecServer | undefined;
let dir: string | undefined;

afterEach(async () => {
  await sim?.close();
  await spec?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  sim = spec = dir = undefined;
});

/** A folder with CREATES monitors to create. */
function monitorsFolder(): string {
  dir = mkdtempSync(join(tmpdir(), 'rate-limited-apply-'));
  const names = Array.from({ length: CREATES }, (_, i) => `paced-${String(i).padStart(2, '0')}`);
  writeFileSync(
    join(dir, 'monitors.yaml'),
    `${E2E_DEFAULTS}monitors:\n${names.map((n) => `  - name: ${n}\n    url: https://shop.example.com/${n}\n`).join('')}`,
  );
  return dir;
}

/** `apply --yes` of a folder of CREATES monitors against the server at `baseUrl`: it succeeds. */
async function applyAll(baseUrl: string): Promise<void> {
  const run = await runCli(['apply', '--yes'], {
    cwd: monitorsFolder(),
    env: { MONITORS_API_URL: baseUrl, MONITORS_API_TOKEN: TOKEN, CI: 'true' },
  });
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toContain(`Apply complete: ${CREATES} created, 0 updated, 0 deleted, 0 failed.`);
}

const limits: [string, Partial<FaultSettings>][] = [
  // 8 at once, 4 back a second: the first probe after the 8 finds less than one back.
  ['a token bucket (4/s, burst 8)', { rateLimitRps: 4, rateLimitBurst: 8 }],
  // 8 per 2 s: the first window runs out at once and says so only with a 429.
  ['a fixed window (8 per 2 s)', { rateLimitWindow: { requests: 8, seconds: 2 } }],
];

describe('apply against a rate-limited server', () => {
  it.each(limits)(
    '%s: each monitor created once, no request before a Retry-After had elapsed',
    async (_name, faults) => {
      sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], faults });
      await applyAll(sim.baseUrl);
      const log = sim.requests();
      expect(log.filter((e) => e.method === 'POST' && e.status === 201)).toHaveLength(CREATES);
      expect(log.filter((e) => e.early).map((e) => `${e.method} ${e.path} ${e.status} at ${e.startedAt}`)).toEqual([]);
    },
  );
});

describe('apply against a strict limit with transient errors (the spec server)', () => {
  it('a token bucket of burst 1 and 20% of requests answered 503: each monitor created once, no request before a Retry-After', async () => {
    spec = await startSpecServer({
      tokens: [{ token: TOKEN, scopes: ['account:read', 'monitors:read', 'monitors:write', 'incidents:read'] }],
      rateLimit: { kind: 'bucket', limit: 1, windowMs: 100 },
      faults: { rate503: 0.2, seed: 25, when: 'before' },
    });
    await applyAll(spec.baseUrl);
    const log = spec.requests();
    expect(log.filter((e) => e.status === 503).length, 'the faults happened').toBeGreaterThan(0);
    expect(spec.monitors()).toHaveLength(CREATES);
    expect(log.filter((e) => e.early).map((e) => `${e.method} ${e.path} ${e.status} at ${e.arrivedAt}`)).toEqual([]);
  });
});
