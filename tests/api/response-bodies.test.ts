// How the client reads what comes back: compressed bodies, bodies that are not JSON,
// rate-limit headers that say nothing.
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_PATH, caught, liveMonitor, mockClient, type MockSetup } from './mock-api.js';

let setup: MockSetup;
afterEach(async () => {
  await setup.api.close();
  await setup.agent.close();
});

const LIST = `${BASE_PATH}/monitors?per_page=100`;

describe('response bodies', () => {
  it('announces the codings it reads and reads a gzip listing', async () => {
    setup = mockClient();
    let asked: string | undefined;
    const page = gzipSync(JSON.stringify({ data: [liveMonitor(1)], meta: { next_cursor: null, per_page: 100 } }));
    setup.pool.intercept({ path: LIST, method: 'GET' }).reply(
      200,
      (opts) => {
        asked = (opts.headers as Record<string, string>)['accept-encoding'];
        return page;
      },
      { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } },
    );
    expect((await setup.api.listMonitors()).map((m) => m.name)).toEqual(['monitor-1']);
    expect(asked).toBe('gzip, deflate, br');
  });

  it('reads a gzip error body too (the 422 field errors are inside)', async () => {
    setup = mockClient();
    const body = gzipSync(
      JSON.stringify({
        error: { code: 'v', message: 'invalid', details: [{ field: 'port', message: 'is required' }] },
      }),
    );
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' })
      .reply(422, body, { headers: { 'content-encoding': 'gzip' } });
    const error = await caught(() => setup.api.createMonitor({ name: 'x' }, 'key-12345678'));
    expect(error.code).toBe('API_VALIDATION');
    expect(error.message).toContain('port: is required');
  });

  it('names a success that is not JSON (a login page, a proxy) instead of "no data"', async () => {
    setup = mockClient();
    setup.pool
      .intercept({ path: LIST, method: 'GET' })
      .reply(200, '<html>Sign in</html>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const error = await caught(() => setup.api.listMonitors());
    expect(error.code).toBe('API_BAD_RESPONSE');
    expect(error.message).toBe(
      "the API's answer to GET /monitors does not match the spec: its body is not JSON (Content-Type: text/html; charset=utf-8)",
    );
  });

  it('names a coding it cannot read', async () => {
    setup = mockClient();
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(200, 'garbage', { headers: { 'content-encoding': 'zstd' } });
    const error = await caught(() => setup.api.getAccount());
    expect(error.code).toBe('API_BAD_RESPONSE');
    expect(error.message).toContain('compressed with "zstd"');
  });

  it.each([
    ['empty', ''],
    ['blank', ' '],
    ['not a number', 'many'],
    ['negative', '-3'],
  ])('an X-RateLimit-Remaining that is %s is ignored, not read as zero', async (_what, remaining) => {
    setup = mockClient();
    const account = { data: { id: 'w', name: 'n', limits: {}, usage: {} } };
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(200, account, { headers: { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': remaining } })
      .times(5);
    for (let i = 0; i < 5; i++) await setup.api.getAccount();
    expect(setup.sleeps).toEqual([]); // no pacing: nothing said the bucket was low
  });
});
