// 10x the largest workspace we expect: validate, plan (against the simulator holding every
// monitor) and an apply of 1,000 changes, each as a whole CLI process, at 10,000 and at
// 100,000 monitors (100 per file). Prints wall time and peak RSS of each, and the
// 100k / 10k ratios: time growing linearly with the workspace is a ratio of about 10
// (the apply's 1,000 writes are the same at both sizes, so its ratio is lower).
// Targets (issue 45): peak RSS under 1 GB at 100,000 for each step, under 250 MB at 10,000
// for plan and apply; plan and apply at 100,000 within 10x of their time at 10,000.
// BENCH_SMOKE=1: 100 and 1,000 monitors (the targets are printed, not meant for that size).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimProcess } from '../tests/helpers/sim-process.js';
import { generateCorpus } from './corpus.js';
import { benchEnv, markdownTable, measureCli, type Measured } from './measure-process.js';
import { reportRatio } from './ratios.js';
import { seedWorkspace } from './seed-workspace.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const SIZES = SMOKE ? [100, 1_000] : [10_000, 100_000];
const CHANGES = SMOKE ? 10 : 1_000;
const PER_FILE = 100;
const LARGE_RSS_TARGET_MB = 1024;
const SMALL_RSS_TARGET_MB = 250;
const TIME_RATIO_TARGET = 10;

interface SizeRun {
  monitors: number;
  bytes: number;
  seedMs: number;
  validate: Measured;
  plan: Measured;
  apply: Measured;
}

async function runSize(monitors: number): Promise<SizeRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const sim = await startSimProcess(['--rate-limit', '0', '--monitor-limit', String(monitors + CHANGES)]);
  try {
    const yamlDir = join(dir, 'monitors');
    const lock = join(dir, 'monitors.lock.json');
    const corpus = generateCorpus(yamlDir, { monitors, files: monitors / PER_FILE });
    const env = benchEnv({
      CI: 'true',
      NO_COLOR: '1',
      MONITORS_API_URL: sim.baseUrl,
      MONITORS_API_TOKEN: sim.token,
      ...corpus.env,
    });

    const validate = await measureCli(['validate', yamlDir], env);
    expectExit(validate, [0], 'validate');

    const seeding = performance.now();
    await seedWorkspace(yamlDir, corpus.env, sim.adminUrl, lock);
    const seedMs = performance.now() - seeding;

    changeMonitors(corpus.files, CHANGES);
    const plan = await measureCli(['plan', yamlDir, '--lock', lock, '--format', 'json'], env);
    expectExit(plan, [0], 'plan');
    const summary = (JSON.parse(plan.stdout) as { summary: Record<string, number> }).summary;
    if (summary.replace !== CHANGES || summary.create !== 0 || summary.delete !== 0)
      throw new Error(`plan: expected ${CHANGES} replaces only, got ${JSON.stringify(summary)}`);

    const apply = await measureCli(['apply', yamlDir, '--yes', '--lock', lock], env);
    expectExit(apply, [0], 'apply');
    // The plan's replaces are carried out in place: apply counts them as updated.
    if (!apply.stdout.includes(`0 created, ${CHANGES} updated, 0 deleted, 0 failed`))
      throw new Error(`apply: expected ${CHANGES} updated: ${apply.stdout.slice(-500)}`);
    return { monitors, bytes: corpus.bytes, seedMs, validate, plan, apply };
  } finally {
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Moves `count` monitors to another host (their url), spread over the files: that many replaces. */
function changeMonitors(files: readonly string[], count: number): void {
  const perFile = Math.ceil(count / files.length);
  let left = count;
  files.forEach((file, f) => {
    let text = readFileSync(file, 'utf8');
    for (let n = 0; n < perFile && left > 0; n += 1, left -= 1) {
      const host = new RegExp(`\\bsvc${n}\\.team${f}\\.example\\.com\\b`);
      if (!host.test(text)) throw new Error(`no monitor ${n} in ${file}`);
      text = text.replace(host, `svc${n}.team${f}.example.net`);
    }
    writeFileSync(file, text);
  });
}

function expectExit(run: Measured, codes: number[], what: string): void {
  if (run.code === null || !codes.includes(run.code))
    throw new Error(`${what} exited ${run.code}: ${run.stderr.slice(-2000)}`);
}

async function main(): Promise<void> {
  const runs: SizeRun[] = [];
  for (const size of SIZES) runs.push(await runSize(size));
  const [small, large] = runs as [SizeRun, SizeRun];
  const n = (v: number) => v.toLocaleString('en');
  const ratio = (a: number, b: number) => `${(b / a).toFixed(1)}x`;
  const step = (name: string, pick: (r: SizeRun) => Measured): (string | number)[] => {
    const [a, b] = [pick(small), pick(large)];
    return [
      name,
      ms(a.wallMs),
      mb(a.peakRssMb),
      ms(b.wallMs),
      mb(b.peakRssMb),
      ratio(a.wallMs, b.wallMs),
      ratio(a.peakRssMb, b.peakRssMb),
    ];
  };
  const rows = [
    step('validate', (r) => r.validate),
    step(`plan (${n(CHANGES)} updates)`, (r) => r.plan),
    step(`apply of ${n(CHANGES)} updates`, (r) => r.apply),
  ];
  const judged = (what: string, value: number, target: number) =>
    reportRatio({ bench: 'scale', what, value, kind: 'at most', target });
  const [smallN, largeN] = [n(small.monitors), n(large.monitors)];
  const verdicts = [
    ...(['validate', 'plan', 'apply'] as const).map(
      (name) =>
        `${name} at ${largeN}, peak RSS / ${mb(LARGE_RSS_TARGET_MB)}: ${judged(`${name} of ${largeN} monitors: peak RSS / ${mb(LARGE_RSS_TARGET_MB)}`, large[name].peakRssMb / LARGE_RSS_TARGET_MB, 1)}`,
    ),
    ...(['plan', 'apply'] as const).map(
      (name) =>
        `${name} at ${smallN}, peak RSS / ${mb(SMALL_RSS_TARGET_MB)}: ${judged(`${name} of ${smallN} monitors: peak RSS / ${mb(SMALL_RSS_TARGET_MB)}`, small[name].peakRssMb / SMALL_RSS_TARGET_MB, 1)}`,
    ),
    ...(['plan', 'apply'] as const).map(
      (name) =>
        `${name}, time at ${largeN} / at ${smallN}: ${judged(`${name}: time at ${largeN} / at ${smallN} monitors`, large[name].wallMs / small[name].wallMs, TIME_RATIO_TARGET)}`,
    ),
  ];
  process.stdout.write(
    [
      `Workspaces of ${smallN} and ${largeN} monitors (${PER_FILE} per file; ${(small.bytes / 1e6).toFixed(1)} and ${(large.bytes / 1e6).toFixed(1)} MB of YAML), seeded on the simulator with their lock file (${ms(small.seedMs)} and ${ms(large.seedMs)}, not measured). Each step is one CLI process.`,
      '',
      markdownTable(
        [
          `step`,
          `${smallN}: wall`,
          `${smallN}: peak RSS`,
          `${largeN}: wall`,
          `${largeN}: peak RSS`,
          'time ratio',
          'RSS ratio',
        ],
        rows,
      ),
      '',
      `Linear growth is a time ratio of about 10 (the apply's ${n(CHANGES)} writes are the same at both sizes; its listings grow 10x).`,
      '',
      ...verdicts,
      '',
    ].join('\n'),
  );
}

const ms = (v: number) => `${Math.round(v)} ms`;
const mb = (v: number) => `${Math.round(v)} MB`;

await main();
