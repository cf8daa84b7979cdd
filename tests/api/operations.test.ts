import { afterEach, describe, expect, it } from 'vitest';
import { BASE_PATH, MONITOR_ID, TOKEN, caught, json, liveMonitor, mockClient, type MockSetup } from './mock-api.js';

let setup: MockSetup;
afterEach(async () => {
  await setup.api.close();
  await setup.agent.close();
});

const input = { name: 'checkout', type: 'http', url: 'https://shop.example.com' };
const KEY = 'plan-1234:create:checkout';

describe('operations', () => {
  it('creates with the headers the spec asks for and returns the monitor and Location', async () => {
    setup = mockClient();
    let seen: { headers: Record<string, string>; body: string } | undefined;
    setup.pool.intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' }).reply(
      201,
      (opts) => {
        seen = {
          headers: opts.headers as Record<string, string>,
          body: typeof opts.body === 'string' ? opts.body : '',
        };
        return { data: liveMonitor(1, { name: 'checkout' }) };
      },
      {
        headers: {
          'content-type': 'application/json',
          location: `https://api.example.test/api/v1/monitors/${MONITOR_ID}`,
        },
      },
    );
    const result = await setup.api.createMonitor(input, KEY);
    expect(result.monitor.name).toBe('checkout');
    expect(result.location).toBe(`https://api.example.test/api/v1/monitors/${MONITOR_ID}`);
    expect(seen?.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/json',
      'content-type': 'application/json',
      'idempotency-key': KEY,
    });
    expect(JSON.parse(seen!.body)).toEqual(input);
  });

  it('sends no Content-Type and no key on reads', async () => {
    setup = mockClient();
    let headers: Record<string, string> = {};
    setup.pool.intercept({ path: `${BASE_PATH}/monitors/${MONITOR_ID}`, method: 'GET' }).reply(
      200,
      (opts) => {
        headers = opts.headers as Record<string, string>;
        return { data: liveMonitor(1) };
      },
      json,
    );
    await setup.api.getMonitor(MONITOR_ID);
    expect(headers['content-type']).toBeUndefined();
    expect(headers['idempotency-key']).toBeUndefined();
    expect(headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('replaces with PUT and deletes with 204', async () => {
    setup = mockClient();
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors/${MONITOR_ID}`, method: 'PUT' })
      .reply(200, { data: liveMonitor(1, { name: 'renamed' }) }, json);
    setup.pool.intercept({ path: `${BASE_PATH}/monitors/${MONITOR_ID}`, method: 'DELETE' }).reply(204, '');
    expect((await setup.api.replaceMonitor(MONITOR_ID, input, KEY)).name).toBe('renamed');
    await expect(setup.api.deleteMonitor(MONITOR_ID, KEY)).resolves.toBeUndefined();
    setup.agent.assertNoPendingInterceptors();
  });

  it('reads the account and tolerates missing or odd limits', async () => {
    setup = mockClient();
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(
        200,
        { data: { id: 'w1', name: 'Shop', limits: { monitors: 50 }, usage: { monitors: 3 }, plan: 'pro' } },
        json,
      );
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(200, { data: { id: 'w1', name: 'Shop' } }, json);
    expect(await setup.api.getAccount()).toMatchObject({
      limits: { monitors: 50 },
      usage: { monitors: 3 },
      plan: 'pro',
    });
    expect(await setup.api.getAccount()).toMatchObject({ limits: {}, usage: {} });
  });

  it('keeps the base path of the URL', async () => {
    setup = mockClient({ baseUrl: 'https://api.example.test/tenant/a/api/v1' });
    setup.pool
      .intercept({ path: '/tenant/a/api/v1/account', method: 'GET' })
      .reply(200, { data: { id: 'w', name: 'n', limits: {}, usage: {} } }, json);
    expect((await setup.api.getAccount()).id).toBe('w');
  });

  it('refuses a single answer without data', async () => {
    setup = mockClient();
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors/${MONITOR_ID}`, method: 'GET' })
      .reply(200, liveMonitor(1), json);
    const error = await caught(() => setup.api.getMonitor(MONITOR_ID));
    expect(error.code).toBe('API_BAD_RESPONSE');
    expect(error.message).toMatch(/no "data"/);
  });

  it.each(['../account', '01hzx3k9m2n4p6q8r0s2t4v6w8', 'short', `${MONITOR_ID}?x=1`, '01HZX3K9M2N4P6Q8R0S2T4V6WI'])(
    'refuses the id %s before anything is sent',
    async (id) => {
      setup = mockClient();
      expect((await caught(() => setup.api.getMonitor(id))).code).toBe('API_BAD_ID');
      expect((await caught(() => setup.api.deleteMonitor(id, KEY))).code).toBe('API_BAD_ID');
    },
  );

  it.each(['short', 'has space in it', 'x'.repeat(101), 'emoji-😀-key', ''])(
    'refuses the key "%s" as a bug',
    async (key) => {
      setup = mockClient();
      const error = await caught(() => setup.api.createMonitor(input, key));
      expect(error.code).toBe('API_BAD_KEY');
      expect(error.message).toMatch(/bug/);
    },
  );
});
