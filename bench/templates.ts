// Benchmark: `monitors validate` of 10,000 monitors written as 500 templates x 20
// instances, against the same 10,000 written out flat, in one run (the flat corpus is the
// floor, measured alongside on the same machine). Prints the ratio of the medians; the
// goal is within 1.2x.
// Run: npx tsc -p . && node dist/bench/templates.js   (BENCH_SMOKE=1: a tiny corpus, one run)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchEnv, measureCli, median } from './measure-process.js';
import { reportRatio } from './ratios.js';
import { generateTemplateCorpus, INSTANCES } from './template-corpus.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const TEMPLATES = SMOKE ? 10 : 500;
const FILES = SMOKE ? 2 : 100;
const RUNS = SMOKE ? 1 : 7;
const GOAL = 1.2;

async function validate(
  dir: string,
  env: Record<string, string>,
): Promise<{ ms: number; rssMb: number; last: string }> {
  const r = await measureCli(['validate', dir], benchEnv(env));
  const last = (r.stdout + r.stderr).trim().split('\n').pop() ?? '';
  if (r.code !== 0)
    throw new Error(`validate ${dir} failed (exit ${r.code}):\n${(r.stdout + r.stderr).slice(0, 2000)}`);
  return { ms: r.wallMs, rssMb: r.peakRssMb, last };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'monitors-bench-templates-'));
  try {
    const templatedDir = path.join(dir, 'templated');
    const flatDir = path.join(dir, 'flat');
    const corpus = generateTemplateCorpus(templatedDir, flatDir, { templates: TEMPLATES, files: FILES });
    // Warm the file cache, and check that both hold the same number of valid monitors.
    const [t0, f0] = [await validate(templatedDir, corpus.env), await validate(flatDir, corpus.env)];
    if (t0.last !== f0.last) throw new Error(`the corpora differ: templated "${t0.last}", flat "${f0.last}"`);
    const templated: { ms: number; rssMb: number }[] = [];
    const flat: { ms: number; rssMb: number }[] = [];
    // Interleaved, so that a slow moment of a shared machine weighs on both alike.
    for (let i = 0; i < RUNS; i += 1) {
      flat.push(await validate(flatDir, corpus.env));
      templated.push(await validate(templatedDir, corpus.env));
    }
    const tMs = median(templated.map((r) => r.ms));
    const fMs = median(flat.map((r) => r.ms));
    const ratio = tMs / fMs;
    const row = (label: string, runs: { ms: number; rssMb: number }[], bytes: number) =>
      `| ${label} | ${(bytes / 1e6).toFixed(2)} MB | ${Math.min(...runs.map((r) => r.ms)).toFixed(0)} | ${median(runs.map((r) => r.ms)).toFixed(0)} | ${Math.max(...runs.map((r) => r.ms)).toFixed(0)} | ${median(runs.map((r) => r.rssMb)).toFixed(0)} |`;
    process.stdout.write(
      [
        `## monitors validate: ${corpus.monitors.toLocaleString('en')} monitors as ${TEMPLATES} templates x ${INSTANCES} instances vs written out flat, ${FILES} files each, ${RUNS} runs`,
        '',
        '| corpus | YAML | min ms | median ms | max ms | median peak RSS MB |',
        '|---|---|---|---|---|---|',
        row('flat (floor)', flat, corpus.flatBytes),
        row('templates', templated, corpus.templatedBytes),
        '',
        `Ratio templates / flat (medians): ${reportRatio({ bench: 'templates', what: 'templates / flat', value: ratio, kind: 'at most', target: GOAL })}. Both: ${f0.last}`,
        '',
      ].join('\n'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
