// Benchmark of `monitors validate` as a whole process on a generated corpus (10,000
// monitors in 100 files, about 5 MB): wall time and peak RSS over several runs.
// Run: npx tsc -p . && node dist/bench/validate.js   (BENCH_SMOKE=1: a tiny corpus, one run)
// Peak RSS comes from the child itself (process.resourceUsage().maxRSS, via the
// report-rss.js preload), so no /usr/bin/time is needed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const MONITORS = SMOKE ? 200 : 10_000;
const FILES = SMOKE ? 4 : 100;
const RUNS = SMOKE ? 1 : 7;
// BENCH_CLI: another entry point (e.g. a build under test); default the built CLI.
const CLI = process.env.BENCH_CLI ?? fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./report-rss.js', import.meta.url));

interface Run {
  ms: number;
  maxRssMb: number;
  code: number | null;
  output: string;
}

function runValidate(dir: string, env: Record<string, string>, rusageFile: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', PRELOAD, CLI, 'validate', dir], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env, BENCH_RUSAGE_FILE: rusageFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const usage = JSON.parse(readFileSync(rusageFile, 'utf8')) as { maxRSS: number };
      resolve({ ms, maxRssMb: usage.maxRSS / 1024, code, output });
    });
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (n: number, digits = 0): string => n.toFixed(digits);

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'monitors-bench-'));
  try {
    const corpus = generateCorpus(path.join(dir, 'monitors'), { monitors: MONITORS, files: FILES });
    const rusage = path.join(dir, 'rusage.json');
    await runValidate(path.join(dir, 'monitors'), corpus.env, rusage); // warm the file cache
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await runValidate(path.join(dir, 'monitors'), corpus.env, rusage));
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
