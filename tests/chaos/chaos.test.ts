// The promise the product stands on: an apply that failed half-way (5xx, dropped
// connections, 429s, held writes, latency, the process SIGKILLed) can simply be run
// again; it finishes the work and never duplicates a change. Some seeds send SIGINT
// instead of SIGKILL: the run must then end by itself, with exit 130 or having finished,
// and leave a lock file that holds every write it made. CHAOS_SEEDS=N runs more.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { exampleMonitorInput } from '../helpers/sim-admin.js';
import { CLI_PATH, runCli } from '../helpers/run-cli.js';
import { chaosScenario, yamlFor, type ChaosScenario } from './scenario.js';

const SEEDS = Number(process.env.CHAOS_SEEDS ?? 50);
const FIRST_SEED = Number(process.env.CHAOS_FIRST_SEED ?? 1);
const TOKEN = 'chaos_token_0123456789abcdef';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.concurrent('chaos: apply survives faults and SIGKILL', () => {
  for (let seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
    it(`seed ${seed}`, { timeout: 120_000 }, async () => {
      await runScenario(chaosScenario(seed));
    });
  }
});

async function runScenario(scenario: ChaosScenario): Promise<void> {
  const sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)], seed: scenario.seed, rateLimitRps: 0 });
  const dir = mkdtempSync(join(tmpdir(), `chaos-${scenario.seed}-`));
  dirs.push(dir);
  try {
    const unmanagedIds = sim.seedMonitors(
      scenario.unmanaged.map((m) => exampleMonitorInput(m.name, { timeout_seconds: m.timeout })),
    );
    const unmanagedBefore = unmanagedIds.map((id) => JSON.stringify(record(sim, id)));
    const yaml = join(dir, 'monitors.yaml');
    const env = { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN, CI: 'true' };
    const apply = ['apply', yaml, '--yes', '--allow-mass-delete'];

    writeFileSync(yaml, yamlFor(scenario.before));
    const clean = await runCli(apply, { env, cwd: dir });
    expect(clean.code, clean.stderr).toBe(0);

    writeFileSync(yaml, yamlFor(scenario.after));
    sim.setFaults(scenario.faults);
    const interrupted = await runKillable(apply, { ...env }, dir, scenario.killAfterMs, scenario.killSignal);
    sim.setFaults({ errorRate: 0, dropRate: 0, holdWritesMs: 0, latencyMs: 0, jitterMs: 0, rateLimitRps: 0 });
    if (scenario.killSignal === 'SIGINT' && scenario.killAfterMs !== undefined) {
      expect([0, 1, 130], 'after SIGINT among the writes, the apply ends by itself').toContain(interrupted.code);
      if (interrupted.code === 130) expect(interrupted.stdout).toMatch(/Apply interrupted: \d+ created/);
    }

    let empty = false;
    for (let rerun = 0; rerun < 3 && !empty; rerun++) {
      const again = await runCli(apply, { env, cwd: dir });
      expect(again.code, `${again.stdout}\n${again.stderr}`).toBe(0);
      const plan = await runCli(['plan', yaml, '--detailed-exitcode'], { env, cwd: dir });
      expect([0, 2], plan.stderr).toContain(plan.code);
      empty = plan.code === 0;
    }
    expect(empty, 'the plan is empty after at most 3 re-runs without faults').toBe(true);

    const live = [...sim.core.state.workspace('default').monitors.values()];
    const names = live.map((m) => m.input.name as string).sort();
    const wanted = [...scenario.after.map((m) => m.name), ...scenario.unmanaged.map((m) => m.name)].sort();
    expect(names, 'every desired name exists exactly once, nothing else').toEqual(wanted);
    expect(
      unmanagedIds.map((id) => JSON.stringify(record(sim, id))),
      'unmanaged monitors untouched',
    ).toEqual(unmanagedBefore);
    for (const m of scenario.after) {
      const found = live.find((l) => l.input.name === m.name)!;
      expect(found.input.timeout_seconds, m.name).toBe(m.timeout);
    }
    const lockPath = join(dir, 'monitors.lock.json');
    // No lock file is written while the tool has managed nothing yet.
    const lock = existsSync(lockPath)
      ? (JSON.parse(readFileSync(lockPath, 'utf8')) as { monitors: { id: string; name: string }[] })
      : { monitors: [] };
    const liveById = new Map(live.map((m) => [m.id, m.input.name]));
    expect(
      lock.monitors.map((r) => [r.name, liveById.get(r.id)]),
      'lock records name live monitors',
    ).toEqual(lock.monitors.map((r) => [r.name, r.name]));
    expect(lock.monitors.map((r) => r.name).sort(), 'the lock records exactly the managed monitors').toEqual(
      scenario.after.map((m) => m.name).sort(),
    );
  } finally {
    await sim.close();
  }
}

/** What a client can change of a monitor (status and check times move with the simulated checks). */
function record(sim: SimServer, id: string) {
  const found = sim.core.state.workspace('default').monitors.get(id);
  if (!found) return undefined;
  const { status: _status, lastCheckAt: _last, nextCheckAt: _next, ...written } = found;
  return written;
}

/**
 * Runs the CLI and sends it `signal` after `killAfterMs` (if still running). SIGKILL counts
 * from the start; SIGINT from the first write ("Applying N changes..."), so that it lands
 * among the writes rather than in the planning (where its default ends the process).
 */
function runKillable(
  args: string[],
  env: Record<string, string>,
  cwd: string,
  killAfterMs: number | undefined,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killer: NodeJS.Timeout | undefined;
    const arm = () =>
      (killer ??= killAfterMs === undefined ? undefined : setTimeout(() => child.kill(signal), killAfterMs));
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (signal === 'SIGINT' && stderr.includes('Applying ')) arm();
    });
    if (signal !== 'SIGINT') arm();
    const cap = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code, closeSignal) => {
      if (killer) clearTimeout(killer);
      clearTimeout(cap);
      resolve({ code, signal: closeSignal, stdout });
    });
  });
}
