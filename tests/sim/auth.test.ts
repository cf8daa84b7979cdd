import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimServer } from '../../src/sim/server.js';
import { tokenId, type SimToken } from '../../src/sim/tokens.js';
import { exampleMonitorInput, getRequestLog, patchToken } from '../helpers/sim-admin.js';
import { TOKEN, call, newKey, startSim } from './harness.js';

const token = (value: string, extra: Partial<SimToken> = {}): SimToken => ({
  token: value,
  workspace: 'ws-b',
  scopes: ['account:read', 'monitors:read', 'monitors:write', 'incidents:read'],
  expiresAt: null,
  revoked: false,
  activeMember: true,
  ...extra,
});

describe('simulator authentication (spec section 5)', () => {
  let sim: SimServer;
  let defaultMonitorId: string;
  beforeAll(async () => {
    sim = await startSim({}, [
      token('ws-b-full-token'),
      token('expired-token-1', { expiresAt: Date.now() - 1000 }),
      token('future-token-1', { expiresAt: Date.now() + 3_600_000 }),
      token('revoked-token-1', { revoked: true }),
      token('ex-member-token', { activeMember: false }),
      token('read-only-token', { scopes: ['monitors:read'] }),
      token('runtime-revoked', {}),
    ]);
    [defaultMonitorId] = sim.seedMonitors([exampleMonitorInput('default-ws-monitor')]) as [string];
    expect(() => sim.seedMonitors([{ name: 'incomplete' }])).toThrow(/seed refused/);
  });
  afterAll(() => sim.close());

  it.each([
    ['no token', null, 'no bearer token'],
    ['an unknown token', 'nobody-knows-this', 'not valid'],
    ['an expired token', 'expired-token-1', 'expired'],
    ['a revoked token', 'revoked-token-1', 'revoked'],
    ['a token of a former member', 'ex-member-token', 'no longer an active member'],
  ])('answers 401 unauthorized for %s, on every endpoint', async (_label, value, reason) => {
    for (const [method, path] of [
      ['GET', '/account'],
      ['GET', '/monitors'],
      ['POST', '/monitors'],
      ['GET', '/incidents'],
      ['GET', '/nowhere'],
    ] as const) {
      const res = await call(sim, method, path, {
        token: value,
        key: newKey(),
        body: method === 'POST' ? {} : undefined,
      });
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({ code: 'unauthorized', message: expect.stringContaining(reason) });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('refuses a header that is not "Bearer <token>"', async () => {
    const res = await call(sim, 'GET', '/account', { token: null, headers: { authorization: `Basic ${TOKEN}` } });
    expect(res.status).toBe(401);
  });

  it('accepts a token that expires in the future', async () => {
    expect((await call(sim, 'GET', '/account', { token: 'future-token-1' })).status).toBe(200);
  });

  it('answers 403 forbidden for a valid token lacking the scope', async () => {
    expect((await call(sim, 'GET', '/monitors', { token: 'read-only-token' })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/account'],
      ['GET', '/incidents'],
      ['POST', '/monitors'],
      ['DELETE', `/monitors/${defaultMonitorId}`],
    ] as const) {
      const res = await call(sim, method, path, { token: 'read-only-token', key: newKey() });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
  });

  it("keeps workspaces apart: another workspace's id is 404 for read, replace and delete", async () => {
    const list = await call(sim, 'GET', '/monitors', { token: 'ws-b-full-token' });
    expect(list.body.data).toEqual([]);
    expect((await call(sim, 'GET', '/account', { token: 'ws-b-full-token' })).body.data.name).toBe('ws-b');
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', exampleMonitorInput('hijack')],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(sim, method, `/monitors/${defaultMonitorId}`, {
        token: 'ws-b-full-token',
        key: newKey(),
        body,
      });
      expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    }
    expect((await call(sim, 'GET', `/monitors/${defaultMonitorId}`)).body.data.name).toBe('default-ws-monitor');
  });

  it('a token revoked while the simulator runs is refused from then on', async () => {
    expect((await call(sim, 'GET', '/account', { token: 'runtime-revoked' })).status).toBe(200);
    await patchToken(sim.adminUrl, tokenId('runtime-revoked'), { revoked: true });
    expect((await call(sim, 'GET', '/account', { token: 'runtime-revoked' })).status).toBe(401);
  });

  it('never logs a token, only its short id', async () => {
    const log = await getRequestLog(sim.adminUrl);
    const text = JSON.stringify(log);
    for (const value of [TOKEN, 'ws-b-full-token', 'expired-token-1', 'nobody-knows-this'])
      expect(text).not.toContain(value);
    expect(log.some((e) => e.tokenId === tokenId('ws-b-full-token') && e.workspace === 'ws-b')).toBe(true);
    expect(log.some((e) => e.tokenId === null && e.status === 401)).toBe(true);
  });
});
