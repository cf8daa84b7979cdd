// Benchmark of `monitors validate` as a whole process on a generated corpus (10,000
// monitors in 100 files, about 5 MB), against its floor measured in the same run
// (bare-validate.ts): a bare process that reads the same files, parses each with js-yaml,
// merges each monitor over its file's defaults and runs a precompiled validator of the
// spec's Monitor input schema on it, nothing else. Its validator is compiled before the
// timing starts (floor-validator.ts), as the CLI's are. The two alternate, run by run, so
// that both see the same machine. The time ratio is the median of the per-round ratios (as
// in startup.ts), so that a slow moment of a shared machine weighs on both sides of one
// ratio instead of on one side of the medians; the ratio of the medians is printed beside
// it. Memory: the ratio of the medians of peak RSS.
// Targets: validate within 1.5x of the floor's time, and within 1.5x of its peak memory.
// Run: npm run bench -- validate   (BENCH_SMOKE=1: a tiny corpus, one run)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.js';
import { writeFloorValidator } from './floor-validator.js';
import { benchEnv, markdownTable, measureCli, measureScript, median, type Measured } from './measure-process.js';
import { reportRatio } from './ratios.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const MONITORS = SMOKE ? 200 : 10_000;
const FILES = SMOKE ? 4 : 100;
const RUNS = SMOKE ? 1 : 15;
const TARGET = 1.5;
const BARE = fileURLToPath(new URL('./bare-validate.js', import.meta.url));

function checked(run: Measured, what: string): Measured {
  if (run.code !== 0)
    throw new Error(`${what} failed (exit ${run.code}):\n${(run.stdout + run.stderr).slice(0, 2000)}`);
  return run;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'monitors-bench-'));
  try {
    const yamlDir = path.join(dir, 'monitors');
    const corpus = generateCorpus(yamlDir, { monitors: MONITORS, files: FILES });
    const validator = writeFloorValidator(dir);
    const env = benchEnv(corpus.env);
    const validateOnce = async () => checked(await measureCli(['validate', yamlDir], env), 'monitors validate');
    const bareOnce = async () => checked(await measureScript(BARE, [yamlDir, validator], env), 'the floor');
    await validateOnce(); // warm the file cache
    await bareOnce();
    const validate: Measured[] = [];
    const bare: Measured[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      validate.push(await validateOnce());
      bare.push(await bareOnce());
    }
    const row = (name: string, runs: Measured[]) => {
      const times = runs.map((r) => r.wallMs);
      return [
        name,
        ms(Math.min(...times)),
        ms(median(times)),
        ms(Math.max(...times)),
        `${Math.round(median(runs.map((r) => r.peakRssMb)))} MB`,
      ];
    };
    const time = median(validate.map((r, i) => r.wallMs / bare[i]!.wallMs));
    const ofMedians = median(validate.map((r) => r.wallMs)) / median(bare.map((r) => r.wallMs));
    const memory = median(validate.map((r) => r.peakRssMb)) / median(bare.map((r) => r.peakRssMb));
    const judged = (what: string, value: number) =>
      reportRatio({ bench: 'validate', what, value, kind: 'at most', target: TARGET });
    process.stdout.write(
      [
        `monitors validate: ${MONITORS.toLocaleString('en')} monitors in ${FILES} files (${(corpus.bytes / 1e6).toFixed(1)} MB), ${RUNS} runs each, alternating`,
        '',
        markdownTable(
          ['process', 'min', 'median', 'max', 'peak RSS (median)'],
          [
            row('monitors validate', validate),
            row('floor: read, js-yaml, merge defaults, Monitor input validator', bare),
          ],
        ),
        '',
        `time, validate / floor (median of the ${RUNS} rounds' ratios): ${judged(`${MONITORS} monitors: time / floor`, time)}; the ratio of the medians: ${ofMedians.toFixed(2)}x`,
        `peak RSS, validate / floor (medians): ${judged(`${MONITORS} monitors: peak RSS / floor`, memory)}`,
        `validate said: ${validate[0]?.stdout.trim().split('\n').pop() ?? ''}`,
        `floor said: ${bare[0]?.stdout.trim() ?? ''}`,
        '',
      ].join('\n'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (v: number) => `${Math.round(v)} ms`;

await main();
