// The runner: bounded concurrency, retries until a pass, and the types this machine cannot check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../../src/check/run-checks.js';
import { check, contextOf, monitorOf, toLoopback } from './check-helpers.js';
import { sleep, startHttp, type HttpServer } from './servers/loopback.js';

let server: HttpServer;
let inFlight = 0;
let maxInFlight = 0;
let flaky = 0;

beforeAll(async () => {
  server = await startHttp(async (req, res) => {
    if (req.url === '/flaky') return void res.writeHead(flaky++ % 3 === 2 ? 200 : 502).end();
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await sleep(100);
    inFlight -= 1;
    res.end('ok');
  });
});
afterAll(() => server.close());

const context = () => contextOf({ resolve: toLoopback('shop.example.com') });

describe('the check runner', () => {
  it('runs at most --concurrency checks at once and keeps the order of the monitors', async () => {
    const monitors = Array.from({ length: 6 }, (_, i) =>
      monitorOf('http', { name: `page ${i}`, url: `http://shop.example.com:${server.port}/${i}` }),
    );
    const results = await runChecks(monitors, context(), 2);
    expect(results.map((r) => r.name)).toEqual(monitors.map((m) => m.name));
    expect(results.every((r) => r.status === 'up')).toBe(true);
    expect(maxInFlight).toBe(2);
  });

  it('repeats a failed attempt up to retry_count times and reports the pass with its attempt', async () => {
    flaky = 0;
    const result = await check(
      monitorOf('http', { url: `http://shop.example.com:${server.port}/flaky`, retry_count: 3 }),
      context(),
    );
    expect(result).toMatchObject({
      status: 'up',
      attempts: 3,
      reason: expect.stringMatching(/^status 200 in \d+ ms \(attempt 3 of 4\)$/),
    });
  });

  it('never passes ping or heartbeat silently: not checked, with the reason', async () => {
    const ping = await check(monitorOf('ping', { url: 'cdn.shop.example.com' }), context());
    expect(ping).toMatchObject({ status: 'not_checked', attempts: 1, reason: expect.stringContaining('ICMP') });
    expect(ping.duration_ms).toBeUndefined();
    const heartbeat = await check(monitorOf('heartbeat'), context());
    expect(heartbeat).toMatchObject({ status: 'not_checked', reason: expect.stringContaining('waits for your job') });
  });
});
