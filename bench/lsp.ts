// Benchmark of `monitors lsp` (issue 32, "Performance"): the language server as an editor
// drives it, over stdio, with the JSON-RPC client editors use (vscode-jsonrpc).
//  - Edit to diagnostics: 20 edits of one file (after two untimed ones) (a monitor's type made wrong, then right
//    again, as incremental changes), each timed from the didChange sent to the file's
//    diagnostics received; p50 and p95 in a set of 10,000 monitors in 100 files against one
//    of 100 monitors in 1 file (the floor: the same file's work alone). Target: within 1.5x,
//    so that the work follows the edit, not the set; and p95 under 100 ms.
//  - Opening the 10,000-monitor set: from the server's spawn to the first diagnostics of the
//    file opened, against `monitors validate` of the same set as a whole process. Target:
//    within 1.5x. The server's peak memory (after the edits) against validate's: within 2x.
// Run: npm run bench -- lsp   (BENCH_SMOKE=1: tiny sets, a few edits)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import rpc from 'vscode-jsonrpc/node.js';
import { generateCorpus } from './corpus.js';
import { benchEnv, CLI, markdownTable, measureCli, median } from './measure-process.js';
import { reportRatio } from './ratios.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const BIG = SMOKE ? { monitors: 400, files: 4 } : { monitors: 10_000, files: 100 };
const SMALL = SMOKE ? { monitors: 100, files: 1 } : { monitors: 100, files: 1 };
const EDITS = SMOKE ? 4 : 20;
const REPORTER = new URL('./report-rss.js', import.meta.url).href;

interface ServerRun {
  firstDiagnosticsMs: number;
  editsMs: number[];
  peakRssMb: number;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Starts the server on a set, opens `edited`, then makes EDITS edits to it; timed as an editor sees them. */
async function driveServer(dir: string, edited: string, env: NodeJS.ProcessEnv): Promise<ServerRun> {
  const rusage = path.join(mkdtempSync(path.join(tmpdir(), 'bench-lsp-rss-')), 'rusage.json');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', REPORTER, CLI, 'lsp', '--stdio'], {
    env: { ...env, BENCH_RUSAGE_FILE: rusage },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin),
  );
  const uri = pathToFileURL(edited).href;
  let waiting: { accept: (n: number) => boolean; resolve: () => void } | undefined;
  connection.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: unknown[] }) => {
    if (p.uri === uri && waiting?.accept(p.diagnostics.length)) {
      waiting.resolve();
      waiting = undefined;
    }
  });
  connection.listen();
  const diagnostics = (accept: (n: number) => boolean) =>
    new Promise<void>((resolve) => (waiting = { accept, resolve }));
  const text = readFileSync(edited, 'utf8');
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    capabilities: {},
  });
  await connection.sendNotification('initialized', {});
  const first = diagnostics((n) => n === 0);
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'yaml', version: 1, text },
  });
  await first;
  const firstDiagnosticsMs = performance.now() - started;

  // The first monitor's `type: http` (after the defaults), made `htp` and back.
  const at = text.indexOf('    type: http\n') + '    type: '.length;
  const lines = text.slice(0, at).split('\n');
  const start = { line: lines.length - 1, character: lines.at(-1)!.length };
  const editsMs: number[] = [];
  // Two edits first, not timed: the first problem loads the exact parser's module once.
  for (let i = -2; i < EDITS; i += 1) {
    const broken = (i + 2) % 2 === 0;
    const seen = diagnostics((n) => (broken ? n > 0 : n === 0));
    const sent = performance.now();
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: i + 4 },
      contentChanges: [
        {
          range: { start, end: { line: start.line, character: start.character + (broken ? 4 : 3) } },
          text: broken ? 'htp' : 'http',
        },
      ],
    });
    await seen;
    if (i >= 0) editsMs.push(performance.now() - sent);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  await exited;
  connection.dispose();
  const peakRssMb = (JSON.parse(readFileSync(rusage, 'utf8')) as { maxRSS: number }).maxRSS / 1024;
  rmSync(path.dirname(rusage), { recursive: true, force: true });
  return { firstDiagnosticsMs, editsMs, peakRssMb };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'monitors-bench-lsp-'));
  try {
    const big = path.join(dir, 'big');
    const small = path.join(dir, 'small');
    const bigCorpus = generateCorpus(big, BIG);
    const smallCorpus = generateCorpus(small, SMALL);
    const env = benchEnv(bigCorpus.env);
    const edited = bigCorpus.files[Math.floor(bigCorpus.files.length / 2)]!;
    const validate = await measureCli(['validate', big], env); // warms the file cache
    if (validate.code !== 0) throw new Error(`monitors validate failed:\n${validate.stdout.slice(0, 2000)}`);
    const validateRuns = [validate, await measureCli(['validate', big], env), await measureCli(['validate', big], env)];
    const inBig = await driveServer(big, edited, env);
    const inSmall = await driveServer(small, smallCorpus.files[0]!, env);
    const validateMs = median(validateRuns.map((r) => r.wallMs));
    const validateRss = median(validateRuns.map((r) => r.peakRssMb));
    const p = (run: ServerRun, q: number) => percentile(run.editsMs, q);
    process.stdout.write(
      `${markdownTable(
        ['', `${BIG.monitors} monitors, ${BIG.files} files`, `${SMALL.monitors} monitors, ${SMALL.files} file`],
        [
          ['edit to diagnostics p50', `${p(inBig, 50).toFixed(1)} ms`, `${p(inSmall, 50).toFixed(1)} ms`],
          ['edit to diagnostics p95', `${p(inBig, 95).toFixed(1)} ms`, `${p(inSmall, 95).toFixed(1)} ms`],
          [
            'spawn to first diagnostics',
            `${inBig.firstDiagnosticsMs.toFixed(0)} ms`,
            `${inSmall.firstDiagnosticsMs.toFixed(0)} ms`,
          ],
          ['server peak RSS', `${inBig.peakRssMb.toFixed(0)} MB`, `${inSmall.peakRssMb.toFixed(0)} MB`],
          ['monitors validate (median of 3)', `${validateMs.toFixed(0)} ms, ${validateRss.toFixed(0)} MB`, ''],
        ],
      )}\n\n`,
    );
    const ratio = (what: string, value: number, target: number) =>
      process.stdout.write(`${what}: ${reportRatio({ bench: 'lsp', what, value, kind: 'at most', target })}\n`);
    ratio('edit to diagnostics p50, 10,000 vs 100 monitors', p(inBig, 50) / p(inSmall, 50), 1.5);
    ratio('edit to diagnostics p95, 10,000 vs 100 monitors', p(inBig, 95) / p(inSmall, 95), 1.5);
    ratio('first diagnostics vs validate', inBig.firstDiagnosticsMs / validateMs, 1.5);
    ratio('server memory vs validate peak', inBig.peakRssMb / validateRss, 2);
    process.stdout.write(
      `p95 in the large set: ${p(inBig, 95).toFixed(1)} ms (target under 100 ms): ${p(inBig, 95) < 100 ? 'met' : 'MISSED'}\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
