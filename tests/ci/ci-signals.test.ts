// A Ctrl-C or a CI cancel reaching `monitors ci apply`: its apply, a child process in a group
// of its own, gets the signal exactly once (so it stops starting changes and records those in
// flight, rather than stopping at once as a second signal would), and `monitors ci` waits
// for it, reports, and exits 130 / 143 with no further run started.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_ci_signal_0123456789';

describe('monitors ci apply interrupted', { timeout: 60_000 }, () => {
  for (const [signal, exitCode] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`passes ${signal} on once to the apply, which records the writes in flight, and exits ${exitCode}`, async () => {
      const sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], rateLimitRps: 0 });
      const dir = mkdtempSync(join(tmpdir(), 'ci-signal-'));
      try {
        const names = Array.from({ length: 40 }, (_, i) => `ci-${signal.toLowerCase()}-${String(i).padStart(2, '0')}`);
        writeFileSync(
          join(dir, 'monitors.yaml'),
          `${E2E_DEFAULTS}monitors:\n${names.map((n) => `  - name: ${n}\n    url: https://shop.example.com/${n}\n`).join('')}`,
        );
        sim.setFaults({ holdWritesMs: 400 }); // each write stays in flight long enough to be interrupted
        let sent = false;
        const run = await runCli(['ci', 'apply', '.', '--provider', 'plain'], {
          cwd: dir,
          env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN, CI: 'true' },
          timeoutMs: 30_000,
          watch: (child, { stderr }) => {
            if (!sent && /^created /m.test(stderr)) {
              sent = true;
              child.kill(signal); // monitors ci only: its apply runs in a process group of its own
            }
          },
        });
        sim.setFaults({ holdWritesMs: 0 });
        expect(run.code, run.stdout + run.stderr).toBe(exitCode);
        expect(run.stderr.match(new RegExp(`${signal}: starting no more changes`, 'g'))).toHaveLength(1);
        expect(run.stderr).not.toContain(`${signal} again`);
        const report = readFileSync(join(dir, 'monitors-ci', 'report.md'), 'utf8');
        expect(report).toMatch(
          /Apply interrupted: \d+ created, 0 updated, 0 deleted, 0 failed, [1-9]\d* not started\./,
        );
        const live = [...sim.core.state.workspace('default').monitors.keys()].sort();
        const locked = (
          JSON.parse(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')) as { monitors: { id: string }[] }
        ).monitors
          .map((r) => r.id)
          .sort();
        expect(locked, 'every write that was made is in the lock file').toEqual(live);
      } finally {
        await sim.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
