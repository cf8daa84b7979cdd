// Throughput of the simulator (`monitors sim` as its own process, rate limit off), so
// that CLI benchmarks measure the CLI and not the simulator. Target: >= 500 listing
// pages of 100 monitors per second. Run: npx tsc -p . && node dist/bench/sim.js
// (BENCH_SMOKE=1 for a tiny run).
import { Pool } from 'undici';
import { exampleMonitorInput, seedMonitors } from '../tests/helpers/sim-admin.js';
import { startSimProcess } from '../tests/helpers/sim-process.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const SEEDED = SMOKE ? 300 : 10_000;
const SECONDS = SMOKE ? 0.3 : 4;
const CONNECTIONS = 4;

interface Row {
  name: string;
  count: number;
  seconds: number;
  latencies: number[];
}

async function measure(name: string, job: (worker: number, i: number) => Promise<void>): Promise<Row> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t = performance.now();
        await job(worker, i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { name, count: latencies.length, seconds: (performance.now() - started) / 1000, latencies };
}

function percentile(sorted: number[], p: number): string {
  return (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(2);
}

async function main(): Promise<void> {
  const sim = await startSimProcess(['--rate-limit', '0']);
  const pool = new Pool(new URL(sim.baseUrl).origin, { connections: CONNECTIONS });
  const headers = { authorization: `Bearer ${sim.token}`, accept: 'application/json' };
  const get = async (path: string) => {
    const res = await pool.request({ method: 'GET', path: `/api/v1${path}`, headers });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode} ${text}`);
    return JSON.parse(text) as { data: { id: string }[]; meta: { next_cursor: string | null } };
  };
  try {
    for (let at = 0; at < SEEDED; at += 5000) {
      await seedMonitors(
        sim.adminUrl,
        Array.from({ length: Math.min(5000, SEEDED - at) }, (_, i) => exampleMonitorInput(`bench-${at + i}`)),
      );
    }
    const cursors: (string | null)[] = Array.from({ length: CONNECTIONS }, () => null);
    const firstId = (await get('/monitors?per_page=1')).data[0]?.id ?? '';
    const rows: Row[] = [];
    rows.push(
      await measure('GET /monitors?per_page=100 (walking all pages)', async (worker) => {
        const cursor = cursors[worker];
        const page = await get(`/monitors?per_page=100${cursor ? `&cursor=${cursor}` : ''}`);
        cursors[worker] = page.meta.next_cursor;
      }),
    );
    rows.push(await measure('GET /monitors/{id}', async () => void (await get(`/monitors/${firstId}`))));
    rows.push(
      await measure('POST /monitors (new key each)', async (worker, i) => {
        const res = await pool.request({
          method: 'POST',
          path: '/api/v1/monitors',
          headers: {
            ...headers,
            'content-type': 'application/json',
            'idempotency-key': `bench-${worker}-${i}-${Date.now()}`,
          },
          body: JSON.stringify(exampleMonitorInput(`created-${worker}-${i}`)),
        });
        await res.body.text();
        if (res.statusCode !== 201) throw new Error(`POST: ${res.statusCode}`);
      }),
    );
    console.log(
      `\nSimulator throughput (${SEEDED} seeded monitors, ${CONNECTIONS} keep-alive connections, ${SECONDS} s each, rate limit off)\n`,
    );
    console.log('| operation | requests | req/s | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|---:|');
    for (const row of rows) {
      const sorted = [...row.latencies].sort((a, b) => a - b);
      console.log(
        `| ${row.name} | ${row.count} | ${Math.round(row.count / row.seconds)} | ${percentile(sorted, 50)} | ${percentile(sorted, 99)} |`,
      );
    }
  } finally {
    await pool.close();
    await sim.stop();
  }
}

await main();
