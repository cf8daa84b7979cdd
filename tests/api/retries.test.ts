import { afterEach, describe, expect, it } from 'vitest';
import { BASE_PATH, MONITOR_ID, apiError, caught, json, liveMonitor, mockClient, type MockSetup } from './mock-api.js';

let setup: MockSetup;
afterEach(async () => {
  await setup.api.close();
  await setup.agent.close();
});

const KEY = 'plan-1234:create:checkout';
const input = { name: 'checkout' };

/** Records the fake-clock time and the key of every request to `path`. */
function recorder() {
  const seen: { at: number; key: string | undefined }[] = [];
  const record = (opts: { headers?: unknown }) =>
    seen.push({ at: setup.now(), key: (opts.headers as Record<string, string>)['idempotency-key'] });
  return { seen, record };
}

describe('429', () => {
  it('waits at least Retry-After seconds before the next attempt', async () => {
    setup = mockClient();
    const { seen, record } = recorder();
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(429, (o) => (record(o), apiError('rate_limited', 'Too many requests')), {
        headers: { 'retry-after': '7' },
      });
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(200, (o) => (record(o), { data: { id: 'w', name: 'n', limits: {}, usage: {} } }), json);
    await setup.api.getAccount();
    expect(setup.sleeps).toEqual([7000]);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(7000);
  });

  it('accepts Retry-After as an HTTP date', async () => {
    setup = mockClient();
    const at = new Date(setup.now() + 12_000).toUTCString();
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(429, {}, { headers: { 'retry-after': at } });
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(200, { data: { id: 'w', name: 'n', limits: {}, usage: {} } }, json);
    await setup.api.getAccount();
    expect(setup.sleeps[0]).toBeGreaterThanOrEqual(12_000);
    expect(setup.sleeps[0]).toBeLessThan(13_000);
  });

  it('falls back to growing backoff without Retry-After, and gives up as API_RATE_LIMITED', async () => {
    setup = mockClient({ maxAttempts: 4 });
    const { seen, record } = recorder();
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(429, (o) => (record(o), {}))
      .times(4);
    const error = await caught(() => setup.api.getAccount());
    expect(error).toMatchObject({ code: 'API_RATE_LIMITED', status: 429 });
    expect(error.message).toMatch(/retries ran out/);
    const gaps = seen.slice(1).map((s, i) => s.at - seen[i]!.at);
    expect(gaps).toHaveLength(3);
    expect(gaps[0]).toBeGreaterThanOrEqual(75);
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]!).toBeGreaterThan(gaps[1]!);
  });

  it('waits out a Retry-After of a minute, but not more: a longer one fails at once and says how long', async () => {
    setup = mockClient();
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(429, {}, { headers: { 'retry-after': '60' } });
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(200, { data: { id: 'w', name: 'n', limits: {}, usage: {} } }, json);
    await setup.api.getAccount();
    expect(setup.sleeps).toEqual([60_000]);

    setup.sleeps.length = 0;
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' })
      .reply(429, apiError('quota', 'Hourly quota exceeded'), { headers: { 'retry-after': '3600' } });
    const error = await caught(() => setup.api.createMonitor(input, KEY));
    expect(error).toMatchObject({ code: 'API_RATE_LIMITED', status: 429 });
    expect(error.message).toBe(
      'the API rate-limited POST /monitors (429) and asks to wait about 60 minutes, longer than the 60 s this tool waits',
    );
    expect(error.hint).toMatch(/^Run again in about 60 minutes/);
    expect(setup.sleeps.every((ms) => ms < 1000)).toBe(true); // pacing only: no hour-long wait, no retry
    // ... and it holds back no other request of the client for that hour.
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(200, { data: { id: 'w', name: 'n', limits: {}, usage: {} } }, json);
    await setup.api.getAccount();
    expect(setup.sleeps.every((ms) => ms < 60_000)).toBe(true);
  });

  it('a 503 announcing a long maintenance (Retry-After as a date) fails at once too', async () => {
    setup = mockClient();
    const at = new Date(setup.now() + 3 * 3600_000).toUTCString();
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors?per_page=100`, method: 'GET' })
      .reply(503, apiError('maintenance', 'Down for maintenance'), {
        headers: { 'retry-after': at, 'content-type': 'application/json' },
      });
    const error = await caught(() => setup.api.listMonitors());
    expect(error).toMatchObject({ code: 'API_SERVER_ERROR', status: 503 });
    expect(error.message).toBe(
      'the API failed with 503 on GET /monitors and asks to wait about 3 hours, longer than the 60 s this tool waits: Down for maintenance',
    );
    expect(setup.sleeps).toEqual([]);
  });

  it('retries a write with the same key after Retry-After', async () => {
    setup = mockClient();
    const { seen, record } = recorder();
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' })
      .reply(429, (o) => (record(o), {}), { headers: { 'retry-after': '2' } });
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' })
      .reply(201, (o) => (record(o), { data: liveMonitor(1) }), json);
    await setup.api.createMonitor(input, KEY);
    expect(seen.map((s) => s.key)).toEqual([KEY, KEY]);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(2000);
  });
});

describe('5xx', () => {
  it.each([500, 502, 503, 504])('%i is retried with the same key, then succeeds', async (status) => {
    setup = mockClient();
    const { seen, record } = recorder();
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors/${MONITOR_ID}`, method: 'PUT' })
      .reply(status, (o) => (record(o), apiError('internal', 'oops')))
      .times(2);
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors/${MONITOR_ID}`, method: 'PUT' })
      .reply(200, (o) => (record(o), { data: liveMonitor(1) }), json);
    await setup.api.replaceMonitor(MONITOR_ID, input, KEY);
    expect(seen.map((s) => s.key)).toEqual([KEY, KEY, KEY]);
    // Exponential with jitter (random fixed at 0.5 here): base 100 -> 75, 150.
    expect(setup.sleeps).toEqual([75, 150]);
  });

  it('gives up after the attempt budget as API_SERVER_ERROR', async () => {
    setup = mockClient({ maxAttempts: 3 });
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors/${MONITOR_ID}`, method: 'DELETE' })
      .reply(503, apiError('unavailable', 'Down for maintenance'), json)
      .times(3);
    const error = await caught(() => setup.api.deleteMonitor(MONITOR_ID, KEY));
    expect(error).toMatchObject({ code: 'API_SERVER_ERROR', status: 503, method: 'DELETE' });
    expect(error.message).toMatch(/retries ran out: Down for maintenance/);
    expect(setup.sleeps).toHaveLength(2);
    setup.agent.assertNoPendingInterceptors();
  });

  it('caps the backoff', async () => {
    setup = mockClient({ maxAttempts: 8, backoff: { baseMs: 100, maxMs: 400 }, random: () => 1 });
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(502, {})
      .times(8);
    await caught(() => setup.api.getAccount());
    expect(Math.max(...setup.sleeps)).toBe(400);
    expect(setup.sleeps).toHaveLength(7);
  });

  it('a 501 is not retried', async () => {
    setup = mockClient();
    setup.pool.intercept({ path: `${BASE_PATH}/account`, method: 'GET' }).reply(501, {});
    expect((await caught(() => setup.api.getAccount())).code).toBe('API_SERVER_ERROR');
    expect(setup.sleeps).toEqual([]);
  });
});

describe('network errors', () => {
  it.each(['ECONNRESET', 'ECONNREFUSED', 'UND_ERR_SOCKET', 'ETIMEDOUT'])(
    '%s is retried with the same key',
    async (code) => {
      setup = mockClient();
      const { seen, record } = recorder();
      setup.pool
        .intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' })
        .replyWithError(Object.assign(new Error('wire trouble'), { code }));
      setup.pool
        .intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' })
        .reply(201, (o) => (record(o), { data: liveMonitor(1) }), json);
      await setup.api.createMonitor(input, KEY);
      expect(seen.map((s) => s.key)).toEqual([KEY]);
      expect(setup.sleeps).toEqual([75]);
      expect(
        setup.logLines.filter((l) => l.startsWith('->')).map((l) => l.match(/attempt \d+ key (\S+)/)?.slice(1)),
      ).toEqual([[KEY], [KEY]]);
    },
  );

  it('gives up as API_UNREACHABLE naming the base URL and what to check', async () => {
    setup = mockClient({ maxAttempts: 3 });
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
      .times(3);
    const error = await caught(() => setup.api.getAccount());
    expect(error.code).toBe('API_UNREACHABLE');
    expect(error.message).toContain('https://api.example.test/api/v1');
    expect(error.message).toMatch(/ECONNREFUSED.*after 3 attempts/);
    expect(error.hint).toMatch(/MONITORS_API_URL/);
  });
});
