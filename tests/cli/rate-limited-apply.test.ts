// `apply` (the built CLI) against the simulator's two kinds of rate limit, in real time:
// every monitor created once, and no request, of any kind, arrived before a Retry-After
// given to the token had run out (the simulator's `early` flag, read from its own log).
// The limits are small and tight so that the client does meet 429s: it knows nothing of
// them but the answers' headers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaultSettings } from '../../src/sim/options.js';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_rate_limited_apply_0123';
const CREATES = 14;
let sim: SimServer | undefined;
let dir: string | undefined;

afterEach(async () => {
  await sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  sim = dir = undefined;
});

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
      dir = mkdtempSync(join(tmpdir(), 'rate-limited-apply-'));
      const names = Array.from({ length: CREATES }, (_, i) => `paced-${String(i).padStart(2, '0')}`);
      writeFileSync(
        join(dir, 'monitors.yaml'),
        `${E2E_DEFAULTS}monitors:\n${names.map((n) => `  - name: ${n}\n    url: https://shop.example.com/${n}\n`).join('')}`,
      );

      const run = await runCli(['apply', '--yes'], {
        cwd: dir,
        env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN, CI: 'true' },
      });

      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(`Apply complete: ${CREATES} created, 0 replaced, 0 deleted, 0 failed.`);
      const log = sim.requests();
      expect(log.filter((e) => e.method === 'POST' && e.status === 201)).toHaveLength(CREATES);
      expect(log.filter((e) => e.early).map((e) => `${e.method} ${e.path} ${e.status} at ${e.startedAt}`)).toEqual([]);
    },
  );
});
