// A signal that comes after the writes, while the apply still flushes the lock file,
// reports, and exits: the handling stays installed until the process exits, so the run
// still prints its summary, leaves a complete lock file, and exits 130 (SIGINT) or 143
// (SIGTERM). The window is a few milliseconds wide; MONITORS_TEST_HOLD stops the built CLI
// inside it (src/cli/steps/test-hold.ts), the test sends the signal, waits until the CLI
// acknowledges it, then lets it go on. No sleeps.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_after_writes_0123456789';
let sim: SimServer | undefined;
let dir = '';
afterEach(async () => {
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs apply held at `stage`; sends `signal` there, and releases the hold once the CLI has said it got it. */
function applySignalledAt(stage: string, signal: NodeJS.Signals, env: Record<string, string>): Promise<CliResult> {
  const release = join(dir, 'release');
  let sent = false;
  return runCli(['apply', '--yes'], {
    cwd: dir,
    env: { CI: 'true', MONITORS_TEST_HOLD: stage, MONITORS_TEST_HOLD_RELEASE: release, ...env },
    watch: (child, { stderr }) => {
      if (!sent && stderr.includes(`test hold: ${stage}`)) {
        sent = true;
        child.kill(signal);
      }
      if (sent && !existsSync(release) && stderr.includes(`\n${signal}: `)) writeFileSync(release, '');
    },
  });
}

describe('a signal after the writes, while the apply reports and writes the lock file', () => {
  for (const stage of ['after-writes', 'after-summary', 'before-exit']) {
    for (const [signal, exitCode] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      it(
        `${signal} at ${stage}: the summary, a complete lock file, exit ${exitCode}`,
        { timeout: 120_000 },
        async () => {
          sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], rateLimitRps: 0 });
          dir = mkdtempSync(join(tmpdir(), 'signal-after-writes-'));
          const names = ['a-1', 'a-2', 'a-3'];
          writeFileSync(
            join(dir, 'monitors.yaml'),
            `${E2E_DEFAULTS}monitors:\n${names.map((n) => `  - name: ${n}\n    url: https://shop.example.com/${n}\n`).join('')}`,
          );

          const run = await applySignalledAt(stage, signal, {
            MONITORS_API_URL: sim.baseUrl,
            MONITORS_API_TOKEN: TOKEN,
          });

          expect(run.signal, `ended by the signal itself:\n${run.stdout}\n${run.stderr}`).toBeNull();
          expect(run.code, run.stdout + run.stderr).toBe(exitCode);
          expect(run.stdout).toMatch(/Apply (complete|interrupted): 3 created, 0 updated, 0 deleted, 0 failed/);
          const live = [...sim.core.state.workspace('default').monitors.values()].map((m) => m.id).sort();
          expect(live).toHaveLength(3);
          const lock = JSON.parse(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')) as {
            monitors: { id: string; name: string }[];
          };
          expect(lock.monitors.map((r) => r.id).sort(), 'the lock file records every write').toEqual(live);
          expect(lock.monitors.map((r) => r.name).sort()).toEqual(names);
        },
      );
    }
  }
});
