import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_PATTERN } from '../../src/sim/ids.js';
import type { SimServer } from '../../src/sim/server.js';
import {
  exampleMonitorInput,
  openIncident,
  resolveIncident,
  seedMonitors,
  deleteMonitorOutOfBand,
} from '../helpers/sim-admin.js';
import { call, newKey, startSim } from './harness.js';

const SPEC_FIELDS = [
  'id',
  'name',
  'type',
  'url',
  'method',
  'status',
  'interval_seconds',
  'timeout_seconds',
  'last_check_at',
  'next_check_at',
  'created_at',
  'updated_at',
];

describe('simulator endpoints (spec section 4)', () => {
  let sim: SimServer;
  beforeAll(async () => {
    // Creation semantics (pending, no check yet): no simulated check may land between two reads.
    sim = await startSim({ monitorLimit: 40, checks: { delayMs: 3_600_000 } });
  });
  afterAll(() => sim.close());

  it('creates a monitor: 201, Location naming it, {data} with exactly the spec 2.2 fields', async () => {
    const res = await call(sim, 'POST', '/monitors', {
      key: newKey(),
      body: exampleMonitorInput('create-me', { auth_type: 'bearer', auth_secret: 's3cret-value' }),
    });
    expect(res.status).toBe(201);
    const monitor = res.body.data;
    expect(Object.keys(monitor)).toEqual(SPEC_FIELDS);
    expect(monitor.id).toMatch(ID_PATTERN);
    expect(monitor).toMatchObject({ name: 'create-me', status: 'pending', interval_seconds: 300, last_check_at: null });
    expect(monitor.created_at).toBe(monitor.updated_at);
    expect(new Date(monitor.created_at).toISOString()).toBe(monitor.created_at);
    expect(res.headers.get('location')).toBe(`${sim.baseUrl}/monitors/${monitor.id}`);
    expect(res.text).not.toContain('s3cret-value');

    const read = await call(sim, 'GET', `/monitors/${monitor.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ data: monitor });
    const listed = await call(sim, 'GET', '/monitors?per_page=100');
    expect(listed.body.data.find((m: { id: string }) => m.id === monitor.id)).toEqual(monitor);
  });

  it('replaces a monitor with PUT (200, same id and created_at, new updated_at) and deletes it (204 empty, then 404)', async () => {
    const created = (await call(sim, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput('to-replace') }))
      .body.data;
    await new Promise((r) => setTimeout(r, 5));
    const put = await call(sim, 'PUT', `/monitors/${created.id}`, {
      key: newKey(),
      body: exampleMonitorInput('replaced', { interval_seconds: 600 }),
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      id: created.id,
      name: 'replaced',
      interval_seconds: 600,
      created_at: created.created_at,
    });
    expect(put.body.data.updated_at > created.updated_at).toBe(true);

    const del = await call(sim, 'DELETE', `/monitors/${created.id}`, { key: newKey() });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await call(sim, 'GET', `/monitors/${created.id}`)).body.error.code).toBe('not_found');
    expect(
      (await call(sim, 'PUT', `/monitors/${created.id}`, { key: newKey(), body: exampleMonitorInput('x') })).status,
    ).toBe(404);
    expect((await call(sim, 'DELETE', `/monitors/${created.id}`, { key: newKey() })).status).toBe(404);
  });

  it('answers 422 with field-level details from the shared schema and server rules', async () => {
    const res = await call(sim, 'POST', '/monitors', {
      key: newKey(),
      body: {
        ...exampleMonitorInput('x'),
        url: 'https://192.168.1.10/',
        interval_seconds: 301,
        port: 70000,
        colour: 'red',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    const byField = Object.fromEntries(
      res.body.error.details.map((d: { field: string; code: string }) => [d.field, d.code]),
    );
    expect(byField).toMatchObject({
      name: 'schema.minLength',
      colour: 'schema.additionalProperties',
      port: 'schema.maximum',
      url: 'rule.private_destination',
      interval_seconds: 'rule.interval_not_enabled',
    });
    for (const d of res.body.error.details) expect(typeof d.message).toBe('string');
    expect((await call(sim, 'POST', '/monitors', { key: newKey(), body: [1, 2] })).status).toBe(422);
  });

  it('refuses bad JSON (400), unknown routes (404), wrong methods (405 + Allow), malformed ids (404)', async () => {
    const badJson = await call(sim, 'POST', '/monitors', { key: newKey(), rawBody: '{"name": ' });
    expect([badJson.status, badJson.body.error.code]).toEqual([400, 'invalid_json']);
    expect((await call(sim, 'POST', '/monitors', { key: newKey() })).body.error.code).toBe('invalid_json');
    const huge = await call(sim, 'POST', '/monitors', {
      key: newKey(),
      body: exampleMonitorInput('big', { body: 'x'.repeat(1024 * 1024) }),
    });
    expect([huge.status, huge.body.error.code]).toEqual([413, 'payload_too_large']);
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ] as const) {
      const deep = await call(sim, 'POST', '/monitors', {
        key: newKey(),
        rawBody: `${open.repeat(20_000)}1${close.repeat(20_000)}`,
      });
      expect([deep.status, deep.body.error.code, deep.body.error.message]).toEqual([
        400,
        'invalid_json',
        'the body nests arrays or objects deeper than 64 levels',
      ]);
    }
    const nestedButFine = await call(sim, 'POST', '/monitors', {
      key: newKey(),
      rawBody: `${'['.repeat(64)}${']'.repeat(64)}`,
    });
    expect([nestedButFine.status, nestedButFine.body.error.code]).toEqual([422, 'validation_failed']);
    const unknown = await call(sim, 'GET', '/widgets');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
    expect(unknown.headers.get('x-ratelimit-limit')).toBe('1000');
    expect((await call(sim, 'GET', `${sim.baseUrl.replace('/api/v1', '')}/elsewhere`)).status).toBe(404);
    const wrong = await call(sim, 'PATCH', '/monitors', { key: newKey(), body: {} });
    expect([wrong.status, wrong.body.error.code, wrong.headers.get('allow')]).toEqual([
      405,
      'method_not_allowed',
      'GET, POST',
    ]);
    expect((await call(sim, 'DELETE', '/account')).status).toBe(405);
    for (const id of ['01ABCDEFGHJKMNPQRSTVWXYZ0I', 'short', '01abcdefghjkmnpqrstvwxyz01']) {
      const res = await call(sim, 'GET', `/monitors/${id}`);
      expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
    }
    expect((await call(sim, 'GET', '/incidents/NOT-AN-ID')).status).toBe(404);
  });

  it('reports usage and limits on /account and refuses creates beyond the monitor limit (422 monitor_limit_reached)', async () => {
    const before = (await call(sim, 'GET', '/account')).body.data;
    expect(before).toMatchObject({ id: 'ws_default', name: 'default', limits: { monitors: 40, per_page: 100 } });
    const room = 40 - before.usage.monitors;
    await seedMonitors(
      sim.adminUrl,
      Array.from({ length: room }, (_, i) => exampleMonitorInput(`fill-${i}`)),
    );
    expect((await call(sim, 'GET', '/account')).body.data.usage.monitors).toBe(40);
    const refused = await call(sim, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput('one-too-many') });
    expect([refused.status, refused.body.error.code]).toEqual([422, 'monitor_limit_reached']);
    expect(refused.body.error.message).toContain('limit is 40');
  });

  it('lists incidents linked to monitors, open and resolved, and reads one by id', async () => {
    const [monitorId, goneId] = (await call(sim, 'GET', '/monitors?per_page=2')).body.data.map(
      (m: { id: string }) => m.id,
    );
    const open = await openIncident(sim.adminUrl, monitorId, {
      severity: 'critical',
      summary: 'HTTP 503 from 2 locations',
    });
    const other = await openIncident(sim.adminUrl, goneId);
    await resolveIncident(sim.adminUrl, other.id);
    await deleteMonitorOutOfBand(sim.adminUrl, goneId);

    const list = await call(sim, 'GET', '/incidents?per_page=1');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.meta).toEqual({ next_cursor: expect.any(String), per_page: 1 });
    const all = (await call(sim, 'GET', '/incidents')).body.data;
    expect(all.map((i: { id: string }) => i.id)).toEqual([open.id, other.id]);
    expect(all[0]).toEqual({
      id: open.id,
      monitor: { id: monitorId, name: expect.any(String) },
      status: 'open',
      severity: 'critical',
      summary: 'HTTP 503 from 2 locations',
      opened_at: expect.any(String),
      resolved_at: null,
    });
    expect(all[1]).toMatchObject({
      status: 'resolved',
      monitor: { id: goneId, name: null },
      resolved_at: expect.any(String),
    });
    expect((await call(sim, 'GET', `/incidents/${open.id}`)).body.data).toEqual(all[0]);
    expect((await call(sim, 'GET', `/monitors/${monitorId}`)).body.data.status).toBe('down');
    expect((await call(sim, 'GET', '/account')).body.data.usage.open_incidents).toBe(1);
  });
});

describe('simulator robustness', () => {
  it('answers a failure inside the request pipeline with a logged 500 ApiError and keeps serving', async () => {
    const sim = await startSim();
    try {
      const forRequest = sim.core.faults.forRequest.bind(sim.core.faults);
      // Injected failure of one pipeline step: stands for any bug a handler could have.
      sim.core.faults.forRequest = () => {
        throw new Error('boom');
      };
      const failed = await call(sim, 'GET', '/monitors');
      expect([failed.status, failed.body]).toEqual([
        500,
        { error: { code: 'internal_error', message: 'simulator bug: boom' } },
      ]);
      sim.core.faults.forRequest = forRequest;
      expect((await call(sim, 'GET', '/monitors')).status).toBe(200);
      expect(sim.requests().map((e) => [e.method, e.path, e.status])).toEqual([
        ['GET', '/api/v1/monitors', 500],
        ['GET', '/api/v1/monitors', 200],
      ]);
    } finally {
      await sim.close();
    }
  });
});

describe('simulator start', () => {
  it('refuses a port in use and invalid fault options with a MonitorsError', async () => {
    const sim = await startSim();
    try {
      await expect(startSim({ port: sim.port })).rejects.toMatchObject({ code: 'SIM_LISTEN_FAILED' });
      await expect(startSim({ faults: { errorRate: 3 } })).rejects.toMatchObject({ code: 'SIM_BAD_OPTION' });
    } finally {
      await sim.close();
    }
  });
});
