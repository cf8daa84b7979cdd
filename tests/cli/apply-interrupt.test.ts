// Ctrl-C (SIGINT) or a CI cancel (SIGTERM) in the middle of an apply: no new write starts,
// the writes in flight finish and reach the lock file, the summary says what happened, and
// the exit code says it was interrupted. The built CLI as a process against the simulator.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_interrupt_0123456789';
let sim: SimServer;
let dir: string;
const env = () => ({ MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN, CI: 'true' });
const liveIds = () => [...sim.core.state.workspace('default').monitors.keys()].sort();
const lockIds = () =>
  (JSON.parse(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')) as { monitors: { id: string }[] }).monitors
    .map((r) => r.id)
    .sort();

describe('an apply interrupted by a signal', () => {
  for (const [signal, exitCode] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`after ${signal} starts nothing new, records the writes in flight, and exits ${exitCode}`, async () => {
      sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], rateLimitRps: 0 });
      dir = mkdtempSync(join(tmpdir(), 'apply-interrupt-'));
      try {
        const names = Array.from({ length: 12 }, (_, i) => `${signal.toLowerCase()}-${String(i).padStart(2, '0')}`);
        writeFileSync(
          join(dir, 'monitors.yaml'),
          `${E2E_DEFAULTS}monitors:\n${names.map((n) => `  - name: ${n}\n    url: https://shop.example.com/${n}\n`).join('')}`,
        );
        sim.setFaults({ holdWritesMs: 400 }); // each write stays in flight long enough to be interrupted
        const run = await runAndSignal(['apply', '--yes', '--concurrency', '3'], signal);
        sim.setFaults({ holdWritesMs: 0 });

        expect(run.code, run.stdout + run.stderr).toBe(exitCode);
        expect(run.stderr).toContain(`${signal}: starting no more changes`);
        const summary = /Apply interrupted: (\d+) created, 0 replaced, 0 deleted, 0 failed, (\d+) not started\./.exec(
          run.stdout,
        );
        expect(summary, run.stdout).not.toBeNull();
        const [created, notStarted] = [Number(summary![1]), Number(summary![2])];
        expect(notStarted, 'the apply stopped early').toBeGreaterThan(0);
        expect(created + notStarted).toBe(12);
        expect(liveIds()).toHaveLength(created);
        expect(lockIds(), 'every write that was made is in the lock file').toEqual(liveIds());

        const again = await runCli(['apply', '--yes'], { cwd: dir, env: env() });
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(again.stdout).toContain(`Apply complete: ${notStarted} created, 0 replaced, 0 deleted, 0 failed.`);
      } finally {
        await sim.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

/** Runs the CLI, sends `signal` once the first write is done, and collects the output. */
function runAndSignal(args: string[], signal: NodeJS.Signals): Promise<CliResult> {
  let sent = false;
  return runCli(args, {
    cwd: dir,
    env: env(),
    timeoutMs: 30_000,
    watch: (child, { stderr }) => {
      if (!sent && /^created /m.test(stderr)) {
        sent = true;
        child.kill(signal);
      }
    },
  });
}
