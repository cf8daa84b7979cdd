// Benchmark of `monitors validate` as a whole process on a generated corpus (10,000
// monitors in 100 files, about 5 MB), against its floor measured in the same run: a bare
// process that reads the same files, parses each with js-yaml and runs ajv's validator of
// the monitors-file schema, nothing else (bare-validate.ts). The two alternate, run by
// run, so that both see the same machine. Wall time and peak RSS.
// Target: validate's median within 1.5x of the bare pass's.
// Run: npm run bench -- validate   (BENCH_SMOKE=1: a tiny corpus, one run)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.js';
import { markdownTable, measureCli, measureScript, type Measured } from './measure-process.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const MONITORS = SMOKE ? 200 : 10_000;
const FILES = SMOKE ? 4 : 100;
const RUNS = SMOKE ? 1 : 7;
const TARGET_RATIO = 1.5;
const BARE = fileURLToPath(new URL('./bare-validate.js', import.meta.url));

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

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
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...corpus.env };
    const validateOnce = async () => checked(await measureCli(['validate', yamlDir], env), 'monitors validate');
    const bareOnce = async () => checked(await measureScript(BARE, [yamlDir], env), 'the bare pass');
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
        `${Math.round(Math.max(...runs.map((r) => r.peakRssMb)))} MB`,
      ];
    };
    const ratio = median(validate.map((r) => r.wallMs)) / median(bare.map((r) => r.wallMs));
    process.stdout.write(
      [
        `monitors validate: ${MONITORS.toLocaleString('en')} monitors in ${FILES} files (${(corpus.bytes / 1e6).toFixed(1)} MB), ${RUNS} runs each, alternating`,
        '',
        markdownTable(
          ['process', 'min', 'median', 'max', 'peak RSS (max)'],
          [row('monitors validate', validate), row('bare: js-yaml + ajv (floor)', bare)],
        ),
        '',
        `validate / bare (medians): ${ratio.toFixed(2)}x; target <= ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}.`,
        `validate said: ${validate[0]?.stdout.trim().split('\n').pop() ?? ''}`,
        `bare said: ${bare[0]?.stdout.trim() ?? ''}`,
        '',
      ].join('\n'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (v: number) => `${Math.round(v)} ms`;

await main();
