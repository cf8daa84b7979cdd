// Plan 10,000 desired monitors against the simulator holding 10,000 (some changed), as a
// whole process: wall time and peak memory, without latency and with 20 ms of latency per
// request, in turn. The listing's floor is a process that lists the same 100 pages with
// the same latency and does nothing else (bare-listing.ts), measured in the same run,
// alternating with the plans: Node's start, and the server's time per page, are paid by
// any correct plan. The bare 100 pages x 20 ms is printed beside it.
// Target (issues 17, 25): the plan with latency within 1.25x of the larger of the listing's
// floor and the plan without latency: the listing and the local work overlap. Measured for
// the compiled package and for the bundle (BENCH_CLI chooses; both by default).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFaults } from '../tests/helpers/sim-admin.js';
import { startSimProcess } from '../tests/helpers/sim-process.js';
import { generateCorpus } from './corpus.js';
import {
  benchEnv,
  clisUnderTest,
  markdownTable,
  measureCli,
  measureScript,
  median,
  type CliUnderTest,
  type Measured,
} from './measure-process.js';
import { reportRatio } from './ratios.js';
import { seedWorkspace } from './seed-workspace.js';

const BARE_LISTING = fileURLToPath(new URL('./bare-listing.js', import.meta.url));

const SMOKE = process.env.BENCH_SMOKE === '1';
const MONITORS = SMOKE ? 300 : 10_000;
const FILES = SMOKE ? 3 : 100;
const LATENCY_MS = 20;
const RUNS = SMOKE ? 1 : 5;
const TARGET_RATIO = 1.25;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-plan-'));
  const sim = await startSimProcess(['--rate-limit', '0', '--monitor-limit', '100000']);
  try {
    const corpus = generateCorpus(join(dir, 'monitors'), { monitors: MONITORS, files: FILES });
    const env = benchEnv({
      CI: 'true',
      NO_COLOR: '1',
      MONITORS_API_URL: sim.baseUrl,
      MONITORS_API_TOKEN: sim.token,
      ...corpus.env,
    });
    const lock = join(dir, 'monitors.lock.json');
    const seeding = performance.now();
    await seedWorkspace(join(dir, 'monitors'), corpus.env, sim.adminUrl, lock);
    const seedMs = performance.now() - seeding;

    // Some changed: the shared timeout of two files (the monitors that inherit it).
    for (const file of corpus.files.slice(0, 2))
      writeFileSync(file, readFileSync(file, 'utf8').replace('  timeout_seconds: 10\n', '  timeout_seconds: 11\n'));
    const clis = clisUnderTest();
    const plan = (cli: CliUnderTest) =>
      measureCli(['plan', join(dir, 'monitors'), '--lock', lock, '--format', 'json'], env, undefined, cli.script);

    // Without and with latency in turn, and each CLI in turn, so that all see the same machine.
    const fast = clis.map(() => [] as Measured[]);
    const slow = clis.map(() => [] as Measured[]);
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const [c, cli] of clis.entries()) {
        await setFaults(sim.adminUrl, { latencyMs: 0 });
        fast[c]!.push(checked(await plan(cli)));
        await setFaults(sim.adminUrl, { latencyMs: LATENCY_MS });
        slow[c]!.push(checked(await plan(cli)));
      }
      // The floor runs with the same latency, right after the plans that had it.
      await setFaults(sim.adminUrl, { latencyMs: LATENCY_MS });
      const listing = await measureScript(BARE_LISTING, [sim.baseUrl], { ...env, BENCH_TOKEN_FOR_LISTING: sim.token });
      if (listing.code !== 0) throw new Error(`the bare listing failed: ${listing.stderr.slice(-2000)}`);
      bare.push(listing.wallMs);
    }
    const pages = Math.ceil(MONITORS / 100);
    const latencyOnlyMs = pages * LATENCY_MS;
    const floorMs = median(bare);
    const summary = JSON.parse(fast[0]![0]!.stdout) as { summary: Record<string, number> };

    process.stdout.write(
      `Plan of ${MONITORS} desired monitors (${FILES} files, ${(corpus.bytes / 1e6).toFixed(1)} MB) against ${MONITORS} live (seeded with their lock file in ${ms(seedMs)}, not measured); plan summary ${JSON.stringify(summary.summary)}; ${RUNS} runs of each, in turn\n\n`,
    );
    const rows: string[][] = [];
    const verdicts: string[] = [];
    for (const [c, cli] of clis.entries()) {
      const fastMs = median(fast[c]!.map((r) => r.wallMs));
      const slowMs = median(slow[c]!.map((r) => r.wallMs));
      const bound = Math.max(floorMs, fastMs);
      rows.push([`${cli.name}: plan, no latency`, ms(fastMs), mb(maxRss(fast[c]!))]);
      rows.push([`${cli.name}: plan, ${LATENCY_MS} ms latency per request`, ms(slowMs), mb(maxRss(slow[c]!))]);
      const verdict = reportRatio({
        bench: 'plan',
        what: `${cli.name}: ${LATENCY_MS} ms latency / max(listing floor, no latency)`,
        value: slowMs / bound,
        kind: 'at most',
        target: TARGET_RATIO,
      });
      verdicts.push(`${cli.name}: with latency / max(floor, no latency) = ${ms(slowMs)} / ${ms(bound)} = ${verdict}`);
    }
    rows.push([
      `floor: a process listing the ${pages} pages and nothing else (node:http), ${LATENCY_MS} ms latency`,
      ms(floorMs),
      '-',
    ]);
    rows.push([`for comparison: the latency alone, ${pages} pages x ${LATENCY_MS} ms`, ms(latencyOnlyMs), '-']);
    process.stdout.write(
      `${markdownTable(['run', 'wall time (median)', 'peak RSS (max)'], rows)}\n\n${verdicts.join('\n')}\n`,
    );
  } finally {
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function checked(run: Measured): Measured {
  if (run.code !== 0 && run.code !== 2) throw new Error(`plan failed (${run.code}): ${run.stderr.slice(-2000)}`);
  return run;
}

const maxRss = (runs: Measured[]) => Math.max(...runs.map((r) => r.peakRssMb));
const ms = (v: number) => `${Math.round(v)} ms`;
const mb = (v: number) => `${Math.round(v)} MB`;

await main();
