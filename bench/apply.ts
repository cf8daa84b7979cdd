// Apply 1,000 creates against the simulator with 25 ms latency and a rate limit of 50
// requests per second: throughput against the limit, 429 answers, failed changes, wall
// time and peak memory. Targets: >= 90% of the limit, <= 1% of requests answered 429,
// no failed changes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearRequestLog, getRequestLog } from '../tests/helpers/sim-admin.js';
import { startSimProcess } from '../tests/helpers/sim-process.js';
import { generateCorpus } from './corpus.js';
import { markdownTable, measureCli } from './measure-process.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const CREATES = SMOKE ? 60 : 1000;
const RATE = 50;
const LATENCY_MS = 25;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-apply-'));
  const sim = await startSimProcess(['--rate-limit', String(RATE), '--latency', String(LATENCY_MS)]);
  try {
    const corpus = generateCorpus(join(dir, 'monitors'), { monitors: CREATES, files: 10 });
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', CI: 'true', NO_COLOR: '1', MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token, ...corpus.env };
    await clearRequestLog(sim.adminUrl);
    const run = await measureCli(['apply', join(dir, 'monitors'), '--yes', '--lock', join(dir, 'monitors.lock.json')], env);
    const log = await getRequestLog(sim.adminUrl);
    const posts = log.filter((e) => e.method === 'POST');
    const created = posts.filter((e) => e.status === 201);
    const first = Math.min(...posts.map((e) => e.startedAtMs));
    const last = Math.max(...posts.map((e) => e.startedAtMs + e.durationMs));
    const writeSeconds = (last - first) / 1000;
    const throughput = posts.length / writeSeconds;
    const tooMany = log.filter((e) => e.status === 429).length;
    const failed = /(\d+) failed\./.exec(run.stdout)?.[1] ?? '?';
    process.stdout.write(`Apply of ${CREATES} creates, rate limit ${RATE} req/s, latency ${LATENCY_MS} ms (exit ${run.code})\n\n`);
    process.stdout.write(
      `${markdownTable(
        ['measure', 'value', 'target'],
        [
          ['monitors created (201)', created.length, CREATES],
          ['write throughput', `${throughput.toFixed(1)} req/s (${((throughput / RATE) * 100).toFixed(0)}% of the limit)`, '>= 90% of the limit'],
          ['requests answered 429', `${tooMany} of ${log.length} (${((tooMany / log.length) * 100).toFixed(2)}%)`, '<= 1%'],
          ['failed changes', failed, '0'],
          ['wall time (whole process)', `${(run.wallMs / 1000).toFixed(1)} s`, `floor ${(CREATES / RATE).toFixed(0)} s of writes`],
          ['peak RSS', `${Math.round(run.peakRssMb)} MB`, '-'],
        ],
      )}\n`,
    );
  } finally {
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
