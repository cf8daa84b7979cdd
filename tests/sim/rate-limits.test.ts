// The simulator's two rate limits (token bucket with its own burst, fixed window), their
// headers, Retry-After, and the request log's `early` flag, on a fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { FixedWindow } from '../../src/sim/rate-limits/fixed-window.js';
import { RetryAfterWatch } from '../../src/sim/rate-limits/retry-after-watch.js';
import { TokenBucket } from '../../src/sim/rate-limits/token-bucket.js';
import type { SimServer } from '../../src/sim/server.js';
import { getRequestLog, setFaults } from '../helpers/sim-admin.js';
import { call, fakeClock, startSim } from './harness.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');

describe('token bucket', () => {
  it('allows its burst at once, then refills at its rate; Limit is the burst, Retry-After the whole seconds to one request', () => {
    const bucket = new TokenBucket(2, 5);
    const burst = Array.from({ length: 5 }, () => bucket.take('a', T0));
    expect(burst.map((d) => d.allowed && d.remaining)).toEqual([4, 3, 2, 1, 0]);
    expect(burst[0]).toMatchObject({ limit: 5 });
    expect(bucket.take('a', T0)).toEqual({ allowed: false, limit: 5, retryAfterSeconds: 1 });
    expect(bucket.take('b', T0)).toMatchObject({ allowed: true, remaining: 4 }); // per token
    expect(bucket.take('a', T0 + 499)).toMatchObject({ allowed: false });
    expect(bucket.take('a', T0 + 500)).toMatchObject({ allowed: true, remaining: 0 });
    expect(bucket.take('a', T0 + 10_000)).toMatchObject({ allowed: true, remaining: 4 }); // never above the burst
  });

  it('rounds Retry-After up for slow rates', () => {
    const bucket = new TokenBucket(0.4, 1);
    bucket.take('a', T0);
    expect(bucket.take('a', T0)).toMatchObject({ allowed: false, retryAfterSeconds: 3 });
  });
});

describe('fixed window', () => {
  it('allows its requests per window, counted from the first request after the last window ended', () => {
    const window = new FixedWindow(3, 10_000);
    expect([0, 1, 2].map(() => window.take('a', T0 + 1000))).toEqual(
      [2, 1, 0].map((remaining) => ({ allowed: true, limit: 3, remaining })),
    );
    expect(window.take('a', T0 + 1000)).toEqual({ allowed: false, limit: 3, retryAfterSeconds: 10 });
    expect(window.take('a', T0 + 10_999)).toEqual({ allowed: false, limit: 3, retryAfterSeconds: 1 });
    expect(window.take('b', T0 + 10_999)).toMatchObject({ allowed: true, remaining: 2 });
    // The window ended at T0 + 11 s; the next starts with the next request, 20 s later.
    expect(window.take('a', T0 + 31_000)).toMatchObject({ allowed: true, remaining: 2 });
    expect(window.take('a', T0 + 40_999)).toMatchObject({ allowed: true, remaining: 1 });
    expect(window.take('a', T0 + 41_000)).toMatchObject({ allowed: true, remaining: 2 });
  });
});

describe('Retry-After watch', () => {
  it('counts a request as early when it arrived after a 429 and before its Retry-After ran out', () => {
    const watch = new RetryAfterWatch();
    watch.refused('a', T0, 2);
    expect(watch.isEarly('a', T0 - 5)).toBe(false); // already on its way
    expect(watch.isEarly('a', T0)).toBe(false); // the same millisecond: may have crossed the 429
    expect(watch.isEarly('a', T0 + 1)).toBe(true);
    expect(watch.isEarly('a', T0 + 1999)).toBe(true);
    expect(watch.isEarly('a', T0 + 2000)).toBe(false);
    expect(watch.isEarly('b', T0 + 1)).toBe(false);
    watch.refused('a', T0 + 500, 1); // a shorter one later does not shorten the wait
    expect(watch.isEarly('a', T0 + 1800)).toBe(true);
  });
});

describe('simulator rate limit settings', () => {
  let sim: SimServer;
  afterEach(() => sim.close());

  it('a token bucket with its own burst: X-RateLimit-Limit is the burst, 429 with Retry-After, early requests flagged in the log', async () => {
    const clock = fakeClock(T0);
    sim = await startSim({ now: clock.now, rateLimitRps: 4, faults: { rateLimitBurst: 2 } });
    const headers = async () => {
      const res = await call(sim, 'GET', '/account');
      return [
        res.status,
        res.headers.get('x-ratelimit-limit'),
        res.headers.get('x-ratelimit-remaining'),
        res.headers.get('retry-after'),
      ];
    };
    expect(await headers()).toEqual([200, '2', '1', null]);
    expect(await headers()).toEqual([200, '2', '0', null]);
    expect(await headers()).toEqual([429, '2', '0', '1']);
    clock.advance(250); // a token is back, but the Retry-After (1 s) has not passed
    expect(await headers()).toEqual([200, '2', '0', null]);
    clock.advance(750);
    expect(await headers()).toEqual([200, '2', '1', null]);
    expect((await getRequestLog(sim.adminUrl)).map((e) => e.early)).toEqual([false, false, false, true, false]);
    expect((await call(sim, 'GET', '/account')).body.data.limits.requests_per_minute).toBe(240);
  });

  it('a fixed window: X-RateLimit-Limit is the requests per window, Retry-After the seconds to its end', async () => {
    const clock = fakeClock(T0);
    sim = await startSim({ now: clock.now, faults: { rateLimitWindow: { requests: 3, seconds: 10 } } });
    const answers: (string | number | null)[][] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(sim, 'GET', '/monitors');
      answers.push([
        res.status,
        res.headers.get('x-ratelimit-limit'),
        res.headers.get('x-ratelimit-remaining'),
        res.headers.get('retry-after'),
      ]);
      clock.advance(1000);
    }
    expect(answers).toEqual([
      [200, '3', '2', null],
      [200, '3', '1', null],
      [200, '3', '0', null],
      [429, '3', '0', '7'],
    ]);
    clock.advance(6000); // the window ends 10 s after its first request
    expect((await call(sim, 'GET', '/monitors')).headers.get('x-ratelimit-remaining')).toBe('2');
    expect((await call(sim, 'GET', '/account')).body.data.limits.requests_per_minute).toBe(18);
    expect((await getRequestLog(sim.adminUrl)).some((e) => e.early)).toBe(false);
  });

  it('switches between the two at run time, each change starting afresh, and refuses bad settings by field', async () => {
    sim = await startSim({ rateLimitRps: 1 });
    expect((await call(sim, 'GET', '/account')).headers.get('x-ratelimit-limit')).toBe('1');
    await setFaults(sim.adminUrl, { rateLimitWindow: { requests: 50, seconds: 60 } });
    expect((await call(sim, 'GET', '/account')).headers.get('x-ratelimit-remaining')).toBe('49');
    await setFaults(sim.adminUrl, { rateLimitWindow: null, rateLimitBurst: 30 });
    expect((await call(sim, 'GET', '/account')).headers.get('x-ratelimit-limit')).toBe('30');
    const refused = await fetch(`${sim.adminUrl}/faults`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rateLimitBurst: 0, rateLimitWindow: { requests: 5, seconds: 0 } }),
    });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: { details: { field: string }[] } };
    expect(body.error.details.map((d) => d.field).sort()).toEqual(['rateLimitBurst', 'rateLimitWindow']);
    expect(sim.faults()).toMatchObject({ rateLimitBurst: 30, rateLimitWindow: null });
  });
});
