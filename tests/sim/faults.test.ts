import { afterEach, describe, expect, it } from 'vitest';
import type { SimServer } from '../../src/sim/server.js';
import {
  clearRequestLog,
  exampleMonitorInput,
  getFaults,
  getRequestLog,
  getSimState,
  seedMonitors,
  setFaults,
} from '../helpers/sim-admin.js';
import { call, newKey, startSim } from './harness.js';

describe('simulator faults', () => {
  let sim: SimServer;
  afterEach(() => sim.close());

  it('adds latency (fixed plus jitter) to API requests', async () => {
    sim = await startSim({ faults: { latencyMs: 80, jitterMs: 40 } });
    const started = performance.now();
    expect((await call(sim, 'GET', '/account')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(78);
    const [entry] = await getRequestLog(sim.adminUrl);
    expect(entry!.durationMs).toBeGreaterThanOrEqual(79);
    expect(entry!.durationMs).toBeLessThan(500);
  });

  it('answers injected 5xx before anything is committed', async () => {
    sim = await startSim({ faults: { errorRate: 1, errorStatuses: [503] } });
    const res = await call(sim, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput('never') });
    expect([res.status, res.body.error.code]).toEqual([503, 'service_unavailable']);
    expect((await call(sim, 'GET', '/monitors')).status).toBe(503);
    expect((await getSimState(sim.adminUrl)).workspaces.default?.monitors ?? 0).toBe(0);
  });

  it('draws random faults from the seed: the same seed gives the same run', async () => {
    const statuses = async (seed: number) => {
      sim = await startSim({ seed, faults: { errorRate: 0.5 } });
      const out: number[] = [];
      for (let i = 0; i < 24; i++) out.push((await call(sim, 'GET', '/account')).status);
      await sim.close();
      return out;
    };
    const a = await statuses(42);
    expect(await statuses(42)).toEqual(a);
    expect(a.filter((s) => s === 200).length).toBeGreaterThan(3);
    expect(a.filter((s) => s >= 500).length).toBeGreaterThan(3);
  });

  it('commit then drop: the write is stored, the connection is cut, a retry with the key replays the 201', async () => {
    sim = await startSim({ faults: { dropRate: 1 } });
    const key = newKey();
    const input = exampleMonitorInput('dropped-answer');
    await expect(call(sim, 'POST', '/monitors', { key, body: input })).rejects.toThrow();
    await setFaults(sim.adminUrl, { dropRate: 0 });
    const listed = (await call(sim, 'GET', '/monitors')).body.data;
    expect(listed.map((m: { name: string }) => m.name)).toEqual(['dropped-answer']);
    const retry = await call(sim, 'POST', '/monitors', { key, body: input });
    expect([retry.status, retry.body.data.id, retry.headers.get('idempotent-replayed')]).toEqual([
      201,
      listed[0].id,
      'true',
    ]);
    const log = await getRequestLog(sim.adminUrl);
    expect(log[0]).toMatchObject({ method: 'POST', status: 201, dropped: true, idempotencyKey: key });
  });

  it('one-shot faults hit only the next matching request', async () => {
    sim = await startSim();
    await setFaults(sim.adminUrl, {
      next: [
        { method: 'POST', path: '/monitors', fault: 'error', status: 502 },
        { method: 'DELETE', fault: 'drop' },
      ],
    });
    expect((await call(sim, 'GET', '/monitors')).status).toBe(200);
    const failed = await call(sim, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput('one-shot') });
    expect([failed.status, failed.body.error.code]).toEqual([502, 'bad_gateway']);
    const created = await call(sim, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput('one-shot') });
    expect(created.status).toBe(201);
    await expect(call(sim, 'DELETE', `/monitors/${created.body.data.id}`, { key: newKey() })).rejects.toThrow();
    expect((await call(sim, 'GET', `/monitors/${created.body.data.id}`)).status).toBe(404);
    expect((await getFaults(sim.adminUrl)).next).toEqual([]);
  });

  it('holds writes in flight and flags them in the request log', async () => {
    sim = await startSim();
    await setFaults(sim.adminUrl, { next: [{ fault: 'hold', method: 'POST', holdMs: 120 }] });
    const started = performance.now();
    expect((await call(sim, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput('held') })).status).toBe(
      201,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    expect((await getRequestLog(sim.adminUrl))[0]).toMatchObject({ held: true, status: 201 });
  });

  it('validates admin fault settings and changes nothing on a bad patch', async () => {
    sim = await startSim();
    const res = await fetch(`${sim.adminUrl}/faults`, {
      method: 'PATCH',
      body: JSON.stringify({ errorRate: 2, latencyMs: 10, bogus: true, next: [{ fault: 'explode' }] }),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; details: { field: string }[] } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.map((d) => d.field).sort()).toEqual(['bogus', 'errorRate', 'next']);
    expect((await getFaults(sim.adminUrl)).latencyMs).toBe(0);
    expect((await fetch(`${sim.adminUrl}/faults`, { method: 'PATCH', body: '{nope' })).status).toBe(400);
    for (const inherited of ['__proto__', 'constructor', 'toString']) {
      const answer = await fetch(`${sim.adminUrl}/faults`, {
        method: 'PATCH',
        body: `{"${inherited}": {"latencyMs": 5}}`,
      });
      expect([
        answer.status,
        ((await answer.json()) as { error: { details: { code: string }[] } }).error.details[0]?.code,
      ]).toEqual([422, 'admin.unknown_field']);
    }
    expect((await fetch(`${sim.adminUrl}/faults`, { method: 'DELETE' })).status).toBe(405);
    expect((await fetch(`${sim.adminUrl}/nothing`)).status).toBe(404);
  });
});

describe('simulator rate limits', () => {
  let sim: SimServer;
  afterEach(() => sim.close());

  it('limits each token with a token bucket: X-RateLimit-* on successes, 429 with an integer Retry-After', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    sim = await startSim({ rateLimitRps: 2, now: () => now }, [
      {
        token: 'second-token',
        workspace: 'default',
        scopes: ['account:read'],
        expiresAt: null,
        revoked: false,
        activeMember: true,
      },
    ]);
    const first = await call(sim, 'GET', '/account');
    expect([first.headers.get('x-ratelimit-limit'), first.headers.get('x-ratelimit-remaining')]).toEqual(['2', '1']);
    expect((await call(sim, 'GET', '/account')).headers.get('x-ratelimit-remaining')).toBe('0');
    const limited = await call(sim, 'GET', '/account');
    expect([limited.status, limited.body.error.code, limited.headers.get('retry-after')]).toEqual([
      429,
      'rate_limited',
      '1',
    ]);
    expect((await call(sim, 'GET', '/account', { token: 'second-token' })).status).toBe(200);
    now += 400;
    expect((await call(sim, 'GET', '/account')).status).toBe(429);
    now += 100;
    expect((await call(sim, 'GET', '/account')).status).toBe(200);
    const log = await getRequestLog(sim.adminUrl);
    expect(log.filter((e) => e.status === 429).map((e) => e.startedAtMs - log[0]!.startedAtMs)).toEqual([0, 400]);
  });

  it('rounds Retry-After up to whole seconds for slow limits and can be switched off at runtime', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    sim = await startSim({ rateLimitRps: 0.4, now: () => now });
    expect((await call(sim, 'GET', '/monitors')).status).toBe(200);
    expect((await call(sim, 'GET', '/monitors')).headers.get('retry-after')).toBe('3');
    now += 3000;
    expect((await call(sim, 'GET', '/account')).body.data.limits).toEqual({
      monitors: 50_000,
      per_page: 100,
      requests_per_minute: 24,
    });
    await setFaults(sim.adminUrl, { rateLimitRps: 0 });
    const free = await call(sim, 'GET', '/monitors');
    expect([free.status, free.headers.get('x-ratelimit-limit')]).toEqual([200, null]);
  });
});

describe('simulator listing modes, out-of-band changes and request log', () => {
  let sim: SimServer;
  afterEach(() => sim.close());

  it("returns only spec 2.2 fields in 'spec' mode and every input field but auth_secret in 'full' mode", async () => {
    sim = await startSim();
    const input = exampleMonitorInput('full-view', {
      type: 'keyword',
      keyword: 'OK',
      auth_type: 'bearer',
      auth_secret: 'top-secret-1',
      headers: 'X-Env: prod',
    });
    const id = (await call(sim, 'POST', '/monitors', { key: newKey(), body: input })).body.data.id;
    const spec = (await call(sim, 'GET', `/monitors/${id}`)).body.data;
    expect(spec).not.toHaveProperty('keyword');
    await setFaults(sim.adminUrl, { listingMode: 'full' });
    const full = (await call(sim, 'GET', `/monitors/${id}`)).body.data;
    const { auth_secret: _secret, ...visible } = input;
    expect(full).toEqual({ ...spec, ...visible });
    const listed = await call(sim, 'GET', '/monitors');
    expect(listed.body.data[0]).toEqual(full);
    expect(listed.text).not.toContain('top-secret-1');
  });

  it('applies out-of-band edits and deletes as if made in the dashboard', async () => {
    sim = await startSim();
    const [id] = await seedMonitors(sim.adminUrl, [exampleMonitorInput('dashboard')]);
    const before = (await call(sim, 'GET', `/monitors/${id}`)).body.data;
    await new Promise((r) => setTimeout(r, 5));
    const edited = await fetch(`${sim.adminUrl}/monitors/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ timeout_seconds: 30, status: 'up' }),
    });
    expect(edited.status).toBe(200);
    const after = (await call(sim, 'GET', `/monitors/${id}`)).body.data;
    expect(after).toMatchObject({ timeout_seconds: 30, status: 'up', created_at: before.created_at });
    expect(after.updated_at > before.updated_at).toBe(true);
    const invalid = await fetch(`${sim.adminUrl}/monitors/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ timeout_seconds: 999 }),
    });
    expect(invalid.status).toBe(422);
    expect((await fetch(`${sim.adminUrl}/monitors/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(sim, 'GET', `/monitors/${id}`)).status).toBe(404);
    expect((await fetch(`${sim.adminUrl}/monitors/${id}`, { method: 'DELETE' })).status).toBe(404);
    const seedRefused = await fetch(`${sim.adminUrl}/monitors`, {
      method: 'POST',
      body: JSON.stringify({ monitors: [exampleMonitorInput('ok'), { name: 'x' }] }),
    });
    expect(seedRefused.status).toBe(422);
    expect(JSON.stringify(await seedRefused.json())).toContain('monitors/1/');
  });

  it('logs what clients sent: method, path, query, key, status, timing, flags; admin calls are not logged', async () => {
    sim = await startSim();
    const key = newKey();
    await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('logged') });
    await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('logged') });
    await call(sim, 'GET', '/monitors?per_page=5');
    const log = await getRequestLog(sim.adminUrl);
    expect(log).toHaveLength(3);
    expect(log[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/monitors',
      query: '',
      idempotencyKey: key,
      status: 201,
      replayed: false,
      dropped: false,
      held: false,
      workspace: 'default',
    });
    expect(log[1]).toMatchObject({ idempotencyKey: key, status: 201, replayed: true });
    expect(log[2]).toMatchObject({ method: 'GET', query: 'per_page=5', idempotencyKey: null, status: 200 });
    for (const e of log) {
      expect(new Date(e.startedAt).getTime()).toBe(e.startedAtMs);
      expect(e.durationMs).toBeGreaterThanOrEqual(0);
      expect(e.tokenId).toMatch(/^[0-9a-f]{8}$/);
    }
    await clearRequestLog(sim.adminUrl);
    expect(await getRequestLog(sim.adminUrl)).toEqual([]);
  });
});
