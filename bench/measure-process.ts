// Runs the built CLI (or another script) as a whole process and measures wall time and peak memory (through
// report-rss, preloaded with --import, so no external `time` command is needed).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CliUnderTest {
  name: string;
  script: string;
}

/** What npm installs: the package's bin, built by scripts/build-package.mjs (`npm run build`). */
export const PACKAGE_CLI: CliUnderTest = {
  name: 'package',
  script: fileURLToPath(new URL('../cli/main.js', import.meta.url)),
};
export const BUNDLE_CLI: CliUnderTest = {
  name: 'bundle',
  script: fileURLToPath(new URL('../../bundle/monitors.mjs', import.meta.url)),
};

/**
 * The CLIs the benchmarks that run both (plan, apply) measure: BENCH_CLI=package (dist/cli,
 * what npm installs), bundle (bundle/monitors.mjs, what the Action runs),
 * both (the default), or the path of another entry point (a build under test).
 */
export function clisUnderTest(): CliUnderTest[] {
  const chosen = process.env.BENCH_CLI ?? 'both';
  if (chosen === 'both') return [PACKAGE_CLI, BUNDLE_CLI];
  if (chosen === 'package') return [PACKAGE_CLI];
  if (chosen === 'bundle') return [BUNDLE_CLI];
  return [{ name: chosen, script: chosen }];
}

/**
 * The environment of every measured process: this shell's (so that a process pays what
 * every process here pays at start, NODE_EXTRA_CA_CERTS say, the floors alike), without the
 * CLI's own MONITORS_* settings and the benchmarks' BENCH_* ones, plus `extra`.
 */
export function benchEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith('MONITORS_') && !name.startsWith('BENCH_')) env[name] = value;
  return { ...env, ...extra };
}

/** The CLI of the benchmarks that measure one: the first of clisUnderTest(). */
export const CLI = clisUnderTest()[0]!.script;
const REPORTER = new URL('./report-rss.js', import.meta.url).href;

export interface Measured {
  code: number | null;
  wallMs: number;
  peakRssMb: number;
  stdout: string;
  stderr: string;
}

export function measureCli(args: string[], env: NodeJS.ProcessEnv, cwd?: string, cli = CLI): Promise<Measured> {
  return measureScript(cli, args, env, cwd);
}

/** Any Node script as a whole process, measured like the CLI. */
export async function measureScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rss-'));
  const rssFile = join(dir, 'rusage.json');
  const run = await measureNode(['--import', REPORTER, script, ...args], { ...env, BENCH_RUSAGE_FILE: rssFile }, cwd);
  let maxRssKb = 0;
  try {
    maxRssKb = (JSON.parse(readFileSync(rssFile, 'utf8')) as { maxRSS: number }).maxRSS;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { ...run, peakRssMb: maxRssKb / 1024 };
}

/**
 * Node with these arguments as a whole process, wall time only, and nothing preloaded: for
 * start-up, where even the rusage reporter's import would weigh.
 */
export async function measureNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<{ code: number | null; wallMs: number; stdout: string; stderr: string }> {
  const started = performance.now();
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', reject);
    child.on('close', (c) => resolve({ code: c, stdout: out, stderr: err }));
  });
  return { ...result, wallMs: performance.now() - started };
}

export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The middle value (the upper middle of an even count). */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
