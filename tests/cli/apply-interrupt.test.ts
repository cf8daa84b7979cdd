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
import { hasScript, runAtTerminal } from '../helpers/terminal.js';
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
        const summary = /Apply interrupted: (\d+) created, 0 updated, 0 deleted, 0 failed, (\d+) not started\./.exec(
          run.stdout,
        );
        expect(summary, run.stdout).not.toBeNull();
        const [created, notStarted] = [Number(summary![1]), Number(summary![2])];
        expect(notStarted, 'the apply stopped early').toBeGreaterThan(0);
        expect(created + notStarted).toBe(12);
        expect(liveIds()).toHaveLength(created);
        expect(lockIds(), 'every write that was made is in the lock file').toEqual(liveIds());
        // One instruction at the end, not a second one ("run monitors plan") beside it.
        const instructions = (run.stdout + run.stderr).match(/run `monitors plan`|run the same apply again/gi);
        expect(instructions, run.stdout + run.stderr).toEqual(['Run the same apply again']);

        const again = await runCli(['apply', '--yes'], { cwd: dir, env: env() });
        expect(again.code, again.stdout + again.stderr).toBe(0);
        expect(again.stdout).toContain(`Apply complete: ${notStarted} created, 0 updated, 0 deleted, 0 failed.`);
      } finally {
        await sim.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe.skipIf(!hasScript)('Ctrl-C at a terminal during an apply', () => {
  it('leaves the progress bar still, then shows its final count, and counts the rest as not started, never as failed', async () => {
    sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], rateLimitRps: 0 });
    dir = mkdtempSync(join(tmpdir(), 'apply-interrupt-tty-'));
    try {
      writeMonitors('tty', 24);
      sim.setFaults({ holdWritesMs: 400 });
      const { code, output } = await ctrlCAtTerminal('apply . --yes --concurrency 3');
      sim.setFaults({ holdWritesMs: 0 });
      expect(code, output).toBe(130);
      const notice = output.indexOf('SIGINT: starting no more changes');
      expect(notice, output).toBeGreaterThan(0);
      // The bar was drawn before the signal; after it, not once more.
      expect(output.slice(0, notice)).toMatch(/Applying \[.*\] \d+\/24 changes \| 0 failed/);
      expect(output.slice(notice)).not.toContain('Applying [');
      expect(output).not.toMatch(/[1-9]\d* failed/);
      const [created, notStarted] = interruptedCounts(output);
      expect(notStarted).toBeGreaterThan(0);
      expect(created + notStarted).toBe(24);
      expect(output).toContain(`Interrupted: ${notStarted} changes were not started.`);
      // Below the frozen bar and the changes that were in flight, the bar's final state, once.
      const stopped = output
        .slice(notice)
        .match(/Stopped \[[\u2588\u2591]{40}\] (\d+)\/24 changes \| 0 failed, (\d+) not started/g);
      expect(stopped, output).toEqual([
        `Stopped [${'\u2588'.repeat(Math.round((created / 24) * 40))}${'\u2591'.repeat(40 - Math.round((created / 24) * 40))}] ${created}/24 changes | 0 failed, ${notStarted} not started`,
      ]);
    } finally {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an interrupted apply in JSON', () => {
  it('says "not_started" for each change never sent, and counts none as failed', async () => {
    sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], rateLimitRps: 0 });
    dir = mkdtempSync(join(tmpdir(), 'apply-interrupt-json-'));
    try {
      writeMonitors('json', 12);
      sim.setFaults({ holdWritesMs: 400 });
      const run = await runAndSignal(['apply', '--yes', '--concurrency', '3', '--format', 'json'], 'SIGINT');
      sim.setFaults({ holdWritesMs: 0 });
      expect(run.code, run.stderr).toBe(130);
      const [created, notStarted] = interruptedCounts(run.stderr);
      const result = JSON.parse(run.stdout) as {
        summary: { created: number; failed: number; not_started: number; interrupted: boolean };
        changes: { status: string }[];
      };
      expect(result.summary).toMatchObject({ created, failed: 0, not_started: notStarted, interrupted: true });
      expect(result.changes.map((c) => c.status).sort()).toEqual([
        ...Array<string>(created).fill('done'),
        ...Array<string>(notStarted).fill('not_started'),
      ]);
    } finally {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function writeMonitors(prefix: string, count: number): void {
  const names = Array.from({ length: count }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);
  writeFileSync(
    join(dir, 'monitors.yaml'),
    `${E2E_DEFAULTS}monitors:\n${names.map((n) => `  - name: ${n}\n    url: https://shop.example.com/${n}\n`).join('')}`,
  );
}

/** [created, not started] from the summary line, which must say 0 failed. */
function interruptedCounts(text: string): [number, number] {
  const summary = /Apply interrupted: (\d+) created, 0 updated, 0 deleted, 0 failed, (\d+) not started\./.exec(text);
  expect(summary, text).not.toBeNull();
  return [Number(summary![1]), Number(summary![2])];
}

/** Runs `monitors <args>` at a terminal and types Ctrl-C once the bar shows a finished change. */
function ctrlCAtTerminal(args: string): Promise<{ code: number | null; output: string }> {
  let typed = false;
  return runAtTerminal({
    args,
    cwd: dir,
    env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN },
    onOutput: (output, type) => {
      if (typed || !/\] [1-9]\d*\/24 changes/.test(output)) return;
      typed = true;
      type('\u0003'); // the terminal turns it into SIGINT, as for a person
    },
  }).then(({ code, output }) => ({ code, output: output.replace(/\r\n/g, '\n') }));
}

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
