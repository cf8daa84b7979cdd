// Benchmark of `monitors validate` as a whole process on a generated corpus (10,000
// monitors in 100 files, about 5 MB): wall time and peak RSS over several runs.
// Run: npx tsc -p . && node dist/bench/validate.js   (BENCH_SMOKE=1: a tiny corpus, one run)
// Peak RSS comes from the child itself (process.resourceUsage().maxRSS, via the
// report-rss.js preload), so no /usr/bin/time is needed.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateCorpus } from './corpus.js';
import { measureCli } from './measure-process.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const MONITORS = SMOKE ? 200 : 10_000;
const FILES = SMOKE ? 4 : 100;
const RUNS = SMOKE ? 1 : 7;

interface Run {
  ms: number;
  maxRssMb: number;
  code: number | null;
  output: string;
}

async function runValidate(dir: string, env: Record<string, string>): Promise<Run> {
  const r = await measureCli(['validate', dir], { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env });
  return { ms: r.wallMs, maxRssMb: r.peakRssMb, code: r.code, output: r.stdout + r.stderr };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (n: number, digits = 0): string => n.toFixed(digits);

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'monitors-bench-'));
  try {
    const corpus = generateCorpus(path.join(dir, 'monitors'), { monitors: MONITORS, files: FILES });
    await runValidate(path.join(dir, 'monitors'), corpus.env); // warm the file cache
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await runValidate(path.join(dir, 'monitors'), corpus.env));
    const failed = runs.find((r) => r.code !== 0);
    if (failed) throw new Error(`validate failed (exit ${failed.code}):\n${failed.output.slice(0, 2000)}`);
    const times = runs.map((r) => r.ms);
    const rss = runs.map((r) => r.maxRssMb);
    const files = readdirSync(path.join(dir, 'monitors')).length;
    const withinTarget = median(times) < 1000 && Math.max(...rss) < 300;
    process.stdout.write(
      [
        `## monitors validate: ${MONITORS.toLocaleString('en')} monitors in ${files} files (${fmt(corpus.bytes / 1e6, 1)} MB), ${RUNS} runs`,
        '',
        '| measure | min | median | max |',
        '|---|---|---|---|',
        `| wall time (ms) | ${fmt(Math.min(...times))} | ${fmt(median(times))} | ${fmt(Math.max(...times))} |`,
        `| peak RSS (MB) | ${fmt(Math.min(...rss))} | ${fmt(median(rss))} | ${fmt(Math.max(...rss))} |`,
        '',
        `Target (whole process): under 1 s and under 300 MB: ${withinTarget ? 'met' : 'MISSED'}. Output: ${runs[0]?.output.trim().split('\n').pop() ?? ''}`,
        '',
      ].join('\n'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
