// The simulated checks: a monitor leaves `pending` at its first check, a rule (name or url
// glob) or the default decides what that check finds, and incidents open when a check
// finds the monitor down and resolve when one finds it answering again. A fake clock
// drives it all: no test waits for real time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimServer } from '../../src/sim/server.js';
import { startSimServer } from '../../src/sim/server.js';
import {
  deleteMonitorOutOfBand,
  editMonitorOutOfBand,
  exampleMonitorInput,
  openIncident,
} from '../helpers/sim-admin.js';
import { call, fakeClock, newKey, startSim, type Clock } from './harness.js';

const START = Date.parse('2026-01-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

let sim: SimServer;
let clock: Clock;

async function start(checks: Record<string, unknown> = {}) {
  clock = fakeClock(START);
  sim = await startSim({ now: clock.now, checks: { delayMs: 1000, ...checks } });
}
afterEach(() => sim?.close());

const create = async (name: string, overrides: Record<string, unknown> = {}) =>
  (await call(sim, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput(name, overrides) })).body
    .data as Record<string, any>;
const read = async (id: string) => (await call(sim, 'GET', `/monitors/${id}`)).body.data as Record<string, any>;
const incidents = async () => (await call(sim, 'GET', '/incidents?per_page=100')).body.data as Record<string, any>[];
const admin = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${sim.adminUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

describe('simulated checks', () => {
  it('keeps a new monitor pending until its first check, then sets the status, last_check_at and the next check one interval later', async () => {
    await start();
    const created = await create('home', { interval_seconds: 300 });
    expect(created).toMatchObject({ status: 'pending', last_check_at: null, next_check_at: iso(START + 1000) });
    clock.advance(999);
    expect((await read(created.id)).status).toBe('pending');
    clock.advance(1);
    const checked = await read(created.id);
    expect(checked).toMatchObject({
      status: 'up',
      last_check_at: iso(START + 1000),
      next_check_at: iso(START + 1000 + 300_000),
      updated_at: created.updated_at,
    });
    expect(await incidents()).toEqual([]);
  });

  it('lets the first matching rule decide (name and url globs), else the default', async () => {
    await start({
      default: 'degraded',
      rules: [
        { name: 'shop: *', url: 'https://shop.example.com/*', status: 'down' },
        { url: '*://*.internal.example.com/*', status: 'awaiting_allowlist' },
        { name: 'never checked', status: 'pending' },
        { name: 'shop: ?ome', status: 'up' },
      ],
    });
    const [down, allowlist, stuck, up, other] = [
      await create('shop: cart', { url: 'https://shop.example.com/cart' }),
      await create('api', { url: 'https://api.internal.example.com/health' }),
      await create('never checked'),
      await create('shop: home', { url: 'https://example.com/' }),
      await create('anything else'),
    ];
    clock.advance(1000);
    expect((await read(down.id)).status).toBe('down');
    expect((await read(allowlist.id)).status).toBe('awaiting_allowlist');
    expect(await read(stuck.id)).toMatchObject({ status: 'pending', last_check_at: null });
    expect((await read(up.id)).status).toBe('up');
    expect((await read(other.id)).status).toBe('degraded');
  });

  it('opens an incident when a check finds the monitor down, keeps one open while it stays down, and resolves it when it answers again', async () => {
    await start({ rules: [{ name: 'flaky', status: 'down' }] });
    const monitor = await create('flaky', { interval_seconds: 120 });
    clock.advance(1000);
    const [opened] = await incidents();
    expect(opened).toMatchObject({
      monitor: { id: monitor.id, name: 'flaky' },
      status: 'open',
      opened_at: iso(START + 1000),
      resolved_at: null,
    });
    clock.advance(120_000);
    expect((await read(monitor.id)).last_check_at).toBe(iso(START + 121_000));
    expect(await incidents()).toHaveLength(1);

    expect((await admin('PATCH', '/checks', { rules: [] })).status).toBe(200);
    clock.advance(120_000);
    expect(await read(monitor.id)).toMatchObject({ status: 'up', last_check_at: iso(START + 241_000) });
    expect(await incidents()).toEqual([{ ...opened, status: 'resolved', resolved_at: iso(START + 241_000) }]);
    expect((await call(sim, 'GET', '/account')).body.data.usage.open_incidents).toBe(0);
  });

  it('checks a replaced monitor again after the delay, keeping its status until then', async () => {
    await start();
    const monitor = await create('edited');
    clock.advance(1000);
    expect((await read(monitor.id)).status).toBe('up');
    expect((await admin('PATCH', '/checks', { default: 'down' })).status).toBe(200);
    clock.advance(5000);
    const put = (
      await call(sim, 'PUT', `/monitors/${monitor.id}`, {
        key: newKey(),
        body: exampleMonitorInput('edited', { url: 'https://example.com/new' }),
      })
    ).body.data;
    expect(put).toMatchObject({
      status: 'up',
      last_check_at: iso(START + 1000),
      updated_at: iso(START + 6000),
      next_check_at: iso(START + 7000),
    });
    clock.advance(1000);
    expect(await read(monitor.id)).toMatchObject({ status: 'down', last_check_at: iso(START + 7000) });
  });

  it('runs only the latest missed check after a long idle time', async () => {
    await start();
    const monitor = await create('idle', { interval_seconds: 300 });
    clock.advance(1000 + 10 * 300_000 + 42);
    expect(await read(monitor.id)).toMatchObject({
      last_check_at: iso(START + 1000 + 10 * 300_000),
      next_check_at: iso(START + 1000 + 11 * 300_000),
    });
  });

  it('does not check a paused monitor, and skips a deleted one', async () => {
    await start({ default: 'down' });
    const paused = await create('paused');
    const gone = await create('gone');
    await editMonitorOutOfBand(sim.adminUrl, paused.id, { status: 'paused' });
    await deleteMonitorOutOfBand(sim.adminUrl, gone.id);
    clock.advance(1000);
    expect(await read(paused.id)).toMatchObject({
      status: 'paused',
      last_check_at: null,
      next_check_at: iso(START + 1000 + 300_000),
    });
    expect(await incidents()).toEqual([]);
  });

  it('lets the admin run a check now with a given result, or the rules’ one', async () => {
    await start({ delayMs: 60_000 });
    const monitor = await create('by hand');
    const down = await admin('POST', `/monitors/${monitor.id}/check`, { status: 'down' });
    expect(down.status).toBe(200);
    expect(down.body.data).toMatchObject({
      id: monitor.id,
      status: 'down',
      last_check_at: iso(START),
      workspace: 'default',
    });
    expect((await incidents()).map((i) => i.status)).toEqual(['open']);
    clock.advance(10);
    const again = await fetch(`${sim.adminUrl}/monitors/${monitor.id}/check`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await read(monitor.id)).toMatchObject({ status: 'up', last_check_at: iso(START + 10) });
    expect((await incidents()).map((i) => i.status)).toEqual(['resolved']);
    expect((await admin('POST', `/monitors/${monitor.id}/check`, { status: 'fine' })).status).toBe(422);
    expect((await admin('POST', `/monitors/${monitor.id}/check`, { state: 'up' })).status).toBe(422);
    expect((await admin('POST', '/monitors/01ARZ3NDEKTSV4RRFFQ69G5FAV/check', {})).status).toBe(404);
  });

  it('resolves an incident opened by the admin when the next check finds the monitor up', async () => {
    await start();
    const monitor = await create('noisy');
    const incident = await openIncident(sim.adminUrl, monitor.id);
    expect((await read(monitor.id)).status).toBe('down');
    clock.advance(1000);
    expect((await read(monitor.id)).status).toBe('up');
    expect((await incidents())[0]).toMatchObject({
      id: incident.id,
      status: 'resolved',
      resolved_at: iso(START + 1000),
    });
  });

  it('reads and changes the check settings through the admin API, refusing bad ones whole', async () => {
    await start();
    expect((await admin('GET', '/checks')).body.data).toEqual({ delayMs: 1000, default: 'up', rules: [] });
    const refused = await admin('PATCH', '/checks', {
      delayMs: -1,
      default: 'broken',
      rules: [{ status: 'down' }, { name: 'x', status: 'up', colour: 1 }],
      extra: true,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.map((d: { field: string }) => d.field)).toEqual([
      'delayMs',
      'default',
      'extra',
      'rules/0',
      'rules/1',
    ]);
    expect((await admin('GET', '/checks')).body.data.delayMs).toBe(1000);
    expect((await admin('PATCH', '/checks', { delayMs: 5 })).body.data).toEqual({
      delayMs: 5,
      default: 'up',
      rules: [],
    });
    expect((await create('soon')).next_check_at).toBe(iso(START + 5));
  });

  it('refuses invalid check settings at start', async () => {
    await expect(startSimServer({ checks: { default: 'green' as never } })).rejects.toThrow(
      /invalid check settings: default must be one of: pending, up/,
    );
  });
});

describe('simulated checks across a restart', () => {
  it('keep their schedule in next_check_at: a check overdue at restart runs on the first request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-checks-'));
    try {
      clock = fakeClock(START);
      const stateFile = join(dir, 'state.json');
      sim = await startSim({ now: clock.now, stateFile, checks: { delayMs: 1000, default: 'down' } });
      const monitor = await create('restarted');
      await sim.close();
      clock.advance(5000);
      sim = await startSim({ now: clock.now, stateFile, checks: { default: 'down' } });
      expect(await read(monitor.id)).toMatchObject({ status: 'down', last_check_at: iso(START + 1000) });
      expect((await incidents()).map((i) => i.opened_at)).toEqual([iso(START + 1000)]);
    } finally {
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
