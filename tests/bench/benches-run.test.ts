// Every benchmark of bench/ runs here in its smoke size (BENCH_SMOKE=1), from dist/ as
// `npm run bench` runs it (npm test builds first): a change of wording or of a command that
// breaks a bench fails here instead of in a later session's `npm run bench`. It asserts
// that each completes and prints its table and records its ratios, never a figure: the
// thresholds are the full run's, and the smoke sizes are too small and this machine too
// shared for a timing to mean anything. BENCH_CLI=package: the package's build only, not
// also the bundle (which tests/bundle holds to the source), to halve plan's and apply's runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BENCHES } from '../../bench/names.js';
import { readRatios, RATIOS_FILE_ENV } from '../../bench/ratios.js';
import { CHROMIUM, missingTools, toolDecision } from '../helpers/tools.js';

const BENCH_SOURCE = fileURLToPath(new URL('../../bench/', import.meta.url));
const BENCH_BUILT = fileURLToPath(new URL('../../dist/bench/', import.meta.url));
/** What the benches import or run, none of them a bench itself. */
const HELPERS = [
  'bare-discover',
  'bare-listing',
  'bare-validate',
  'corpus',
  'floor-validator',
  'import-time',
  'measure-process',
  'names',
  'ratios',
  'report-rss',
  'run',
  'seed-workspace',
  'template-corpus',
];
/** Benches that drive a program outside Node: skipped locally where it is missing, a failure with CI=true. */
const NEEDS: Record<string, typeof CHROMIUM> = { 'status-page': CHROMIUM };
/** The one bench that measures throughput only and is judged by no ratio. */
const WITHOUT_RATIOS = new Set(['sim']);
/** A Markdown table: a header row, then its rule (`| --- |` or `|---:|`). */
const TABLE = /^\|.*\|\n\|(\s*:?-{3,}:?\s*\|)+$/m;

const dir = mkdtempSync(join(tmpdir(), 'benches-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runBench(
  script: string,
  args: string[],
  ratiosFile: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env))
      if (!name.startsWith('MONITORS_') && !name.startsWith('BENCH_')) env[name] = value;
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...env, BENCH_SMOKE: '1', BENCH_CLI: 'package', [RATIOS_FILE_ENV]: ratiosFile },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('every bench in its smoke size', () => {
  it('knows every file of bench/: each is a bench run here or a helper of one', () => {
    const names = readdirSync(BENCH_SOURCE)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.slice(0, -'.ts'.length));
    expect(names.filter((n) => !(BENCHES as readonly string[]).includes(n) && !HELPERS.includes(n))).toEqual([]);
  });

  for (const name of BENCHES) {
    const needs = NEEDS[name];
    const decision = toolDecision(needs ? missingTools([needs]) : undefined, process.env);
    if (decision.kind === 'skip') process.stderr.write(`${name} bench: ${decision.line}\n`);
    it.skipIf(decision.kind === 'skip')(`${name} completes and prints its table`, { timeout: 180_000 }, async () => {
      if (decision.kind === 'fail') throw new Error(decision.message);
      const ratiosFile = join(dir, `${name}.jsonl`);
      const run = await runBench(join(BENCH_BUILT, `${name}.js`), [], ratiosFile);
      expect(run.stderr, run.stderr).not.toMatch(/Error|at .*\.js:\d+/);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(TABLE);
      if (!WITHOUT_RATIOS.has(name)) expect(readRatios(ratiosFile).length).toBeGreaterThan(0);
    });
  }

  it('npm run bench gathers the ratios of the benches it runs into its summary', { timeout: 60_000 }, async () => {
    const run = await runBench(join(BENCH_BUILT, 'run.js'), ['lock-size'], join(dir, 'run.jsonl'));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('## lock-size');
    expect(run.stdout).toMatch(/## Summary: every ratio of this run\n\n\| bench \| what \| measured \| target \|/);
    expect(run.stdout).toMatch(
      /\| lock-size \| lock file of 1,000 monitors: values kept \/ hashes only \| \d+\.\d\dx \| <= 2\.00x \| (met|MISSED) \|/,
    );
  });
});
