// Apply (the whole CLI) against the simulator's two kinds of rate limit, each with a few
// settings so that the client's inference is not tuned to one point: the client knows
// nothing of the limit but X-RateLimit-Limit / -Remaining and 429 Retry-After. Per server:
// writes, elapsed time (from the first write to the last answer, so without the plan
// computed before), the rate reached as a share of the limit's rate R, 429 answers,
// requests that came before a Retry-After had elapsed (the simulator marks them), and the
// elapsed time against the floor of N writes / R. Latency 25 ms per request.
// Targets: >= 90% of R, <= 1% answered 429, no request early.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearRequestLog, getRequestLog, type RequestLogEntry } from '../tests/helpers/sim-admin.js';
import { startSimProcess } from '../tests/helpers/sim-process.js';
import { generateCorpus } from './corpus.js';
import { markdownTable, measureCli } from './measure-process.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const LATENCY_MS = 25;

interface Server {
  name: string;
  flags: string[];
  /** The limit's rate in requests per second (the bucket's refill; a window's N / W). */
  rate: number;
  creates: number;
}

const SERVERS: Server[] = SMOKE
  ? [
      {
        name: 'token bucket R=10/s, burst 5',
        flags: ['--rate-limit', '10', '--rate-burst', '5'],
        rate: 10,
        creates: 20,
      },
      { name: 'fixed window 10 per 1 s', flags: ['--rate-window', '10/1'], rate: 10, creates: 20 },
    ]
  : [
      {
        name: 'token bucket R=10/s, burst 5',
        flags: ['--rate-limit', '10', '--rate-burst', '5'],
        rate: 10,
        creates: 60,
      },
      {
        name: 'token bucket R=50/s, burst 10',
        flags: ['--rate-limit', '50', '--rate-burst', '10'],
        rate: 50,
        creates: 500,
      },
      { name: 'token bucket R=50/s, burst 50', flags: ['--rate-limit', '50'], rate: 50, creates: 1000 },
      { name: 'fixed window 100 per 10 s', flags: ['--rate-window', '100/10'], rate: 10, creates: 300 },
      { name: 'fixed window 30 per 3 s', flags: ['--rate-window', '30/3'], rate: 10, creates: 150 },
    ];

interface Row {
  server: Server;
  code: number | null;
  failed: string;
  wallMs: number;
  peakRssMb: number;
  log: RequestLogEntry[];
}

async function applyAgainst(server: Server): Promise<Row> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-apply-'));
  const sim = await startSimProcess([...server.flags, '--latency', String(LATENCY_MS)]);
  try {
    const corpus = generateCorpus(join(dir, 'monitors'), { monitors: server.creates, files: 10 });
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      CI: 'true',
      NO_COLOR: '1',
      MONITORS_API_URL: sim.baseUrl,
      MONITORS_API_TOKEN: sim.token,
      ...corpus.env,
    };
    await clearRequestLog(sim.adminUrl);
    const run = await measureCli(
      ['apply', join(dir, 'monitors'), '--yes', '--lock', join(dir, 'monitors.lock.json')],
      env,
    );
    const failed = /(\d+) failed\./.exec(run.stdout)?.[1] ?? '?';
    return {
      server,
      code: run.code,
      failed,
      wallMs: run.wallMs,
      peakRssMb: run.peakRssMb,
      log: await getRequestLog(sim.adminUrl),
    };
  } finally {
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const pct = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 2 : 0)}%`;

function cells({ server, code, failed, wallMs, log }: Row): (string | number)[] {
  const writes = log.filter((e) => e.method === 'POST' && e.status === 201).length;
  const refused = log.filter((e) => e.status === 429).length;
  // From the first write's arrival to the last answer (the listing that verifies the
  // writes): the apply proper, without the plan's listing and computing before it.
  const first = Math.min(...log.filter((e) => e.method !== 'GET').map((e) => e.startedAtMs));
  const applied = log.filter((e) => e.startedAtMs >= first);
  const last = Math.max(...applied.map((e) => e.startedAtMs + e.durationMs));
  const seconds = (last - first) / 1000;
  const rate = applied.filter((e) => e.status !== 429).length / seconds;
  const floor = server.creates / server.rate;
  return [
    server.name,
    `${writes} of ${server.creates}${failed !== '0' || code !== 0 ? ` (exit ${code}, ${failed} failed)` : ''}`,
    `${seconds.toFixed(2)} s (process ${(wallMs / 1000).toFixed(1)} s)`,
    `${rate.toFixed(1)}/s = ${pct(rate / server.rate)}`,
    `${refused} of ${log.length} (${pct(refused / log.length)})`,
    log.filter((e) => e.early).length,
    `${floor.toFixed(1)} s: ${(seconds / floor).toFixed(2)}`,
  ];
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const server of SERVERS) rows.push(await applyAgainst(server));
  process.stdout.write(
    `Apply of N creates against rate-limited simulators, latency ${LATENCY_MS} ms; the client is told nothing of the limits\n\n`,
  );
  process.stdout.write(
    `${markdownTable(
      [
        'server',
        'writes (201)',
        'elapsed (first write to last answer)',
        'requests answered, per s = share of R',
        'answered 429',
        'sent before a Retry-After elapsed',
        'floor N/R: elapsed / floor',
      ],
      rows.map(cells),
    )}\n\nTargets: >= 90% of R, <= 1% answered 429, 0 early. A bucket starts full, so its burst comes on top of R. Peak RSS: ${rows.map((r) => `${Math.round(r.peakRssMb)} MB`).join(', ')}.\n`,
  );
}

await main();
