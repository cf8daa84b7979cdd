// The polling loop of `apply --wait` with an injected clock: the sleep moves the clock, a
// scripted server answers each monitor's status as a function of that clock.
import { describe, expect, it } from 'vitest';
import { ForbiddenError, ServerError } from '../../src/api/errors.js';
import type { Incident, MonitorsApi } from '../../src/api/types.js';
import { MonitorsError } from '../../src/errors.js';
import type { LiveMonitor } from '../../src/model/monitor.js';
import type { WaitTarget } from '../../src/wait/decide.js';
import { followMonitors } from '../../src/wait/follow.js';
import { readOpenIncidents } from '../../src/wait/incidents.js';
import { waitReportLines } from '../../src/render/wait-report.js';
import { buildWaitReport } from '../../src/wait/report.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** status(t) per monitor id; t = ms since T0. `undefined` = 404. */
type Script = Record<string, (t: number) => Partial<LiveMonitor> | undefined>;

function scriptedServer(script: Script, clock: { t: number }) {
  const requests: string[] = [];
  const view = (id: string): LiveMonitor | undefined => {
    const fields = script[id]?.(clock.t - T0);
    return (
      fields && {
        id,
        name: id,
        type: 'http',
        url: 'https://example.com/',
        method: 'GET',
        status: 'pending',
        interval_seconds: 300,
        timeout_seconds: 10,
        created_at: iso(T0),
        updated_at: iso(T0),
        ...fields,
      }
    );
  };
  const api = {
    failures: new Map<string, () => Error>(),
    async getMonitor(id: string) {
      requests.push(`GET /monitors/${id}`);
      const fail = api.failures.get(id);
      if (fail) throw fail();
      const m = view(id);
      if (!m) throw new MonitorsError('API_NOT_FOUND', `monitor ${id} not found`);
      return m;
    },
    async listMonitors() {
      requests.push('GET /monitors');
      return Object.keys(script).flatMap((id) => view(id) ?? []);
    },
    async listIncidents(): Promise<{ incidents: Incident[]; complete: boolean }> {
      requests.push('GET /incidents');
      return { incidents: [], complete: true };
    },
  };
  return { api: api as unknown as MonitorsApi & typeof api, requests };
}

function fakeTime() {
  const clock = { t: T0 };
  return { clock, now: () => clock.t, sleep: async (ms: number) => void (clock.t += ms) };
}

const target = (id: string, action: WaitTarget['action'] = 'create'): WaitTarget => ({ id, name: id, action });

describe('following monitors after an apply', () => {
  it('reads until each has left pending, at 0, 2, 5, 9.5 s ..., and reports the time it took', async () => {
    const time = fakeTime();
    const { api, requests } = scriptedServer(
      { A: (t) => ({ status: t >= 4000 ? 'up' : 'pending' }), B: (t) => ({ status: t >= 9000 ? 'down' : 'pending' }) },
      time.clock,
    );
    const settled: string[] = [];
    const result = await followMonitors([target('A'), target('B')], {
      api,
      timeoutMs: 60_000,
      liveEstimate: 1000,
      now: time.now,
      sleep: time.sleep,
      onSettled: (s, after) => settled.push(`${s.target.id} ${s.assessment?.status.key} ${after}`),
    });
    expect(settled).toEqual(['A up 5000', 'B down 9500']);
    expect(result).toMatchObject({ elapsedMs: 9500, timedOut: false, interrupted: false });
    expect(result.states.map((s) => [s.target.id, s.assessment?.status.key])).toEqual([
      ['A', 'up'],
      ['B', 'down'],
    ]);
    // A is not read again once settled.
    expect(requests.filter((r) => r.endsWith('/A'))).toHaveLength(3);
    expect(requests.filter((r) => r.endsWith('/B'))).toHaveLength(4);
  });

  it('stops at the deadline with what it last saw', async () => {
    const time = fakeTime();
    const { api } = scriptedServer({ A: () => ({ status: 'pending' }), B: () => ({ status: 'up' }) }, time.clock);
    const result = await followMonitors([target('A'), target('B')], {
      api,
      timeoutMs: 7000,
      liveEstimate: 1000,
      now: time.now,
      sleep: time.sleep,
    });
    expect(result).toMatchObject({ elapsedMs: 7000, timedOut: true });
    expect(result.states[0]!.assessment).toMatchObject({ settled: false, status: { key: 'pending' } });
  });

  it('with a wait of 0 reads once', async () => {
    const time = fakeTime();
    const { api, requests } = scriptedServer({ A: () => ({ status: 'pending' }) }, time.clock);
    const result = await followMonitors([target('A')], {
      api,
      timeoutMs: 0,
      liveEstimate: 1,
      now: time.now,
      sleep: time.sleep,
    });
    expect([result.timedOut, result.elapsedMs, requests]).toEqual([true, 0, ['GET /monitors/A']]);
  });

  it('waits for a replaced monitor to be checked after the change', async () => {
    const time = fakeTime();
    const changed = iso(T0);
    const { api } = scriptedServer(
      {
        R: (t) => ({ status: 'up', updated_at: changed, last_check_at: t >= 3000 ? iso(T0 + 3000) : iso(T0 - 60_000) }),
      },
      time.clock,
    );
    const result = await followMonitors([target('R', 'replace')], {
      api,
      timeoutMs: 60_000,
      liveEstimate: 1,
      now: time.now,
      sleep: time.sleep,
    });
    expect(result.elapsedMs).toBe(5000);
    expect(result.states[0]!.assessment).toMatchObject({ settled: true, checkedSinceChange: true });
  });

  it('reads through the listing when that takes fewer requests, and asks by id for one the listing lacks', async () => {
    const time = fakeTime();
    const ids = ['A', 'B', 'C', 'D', 'E'];
    const script: Script = Object.fromEntries(
      ids.map((id) => [id, (t: number) => ({ status: t >= 2000 ? 'up' : 'pending' })]),
    );
    const { api, requests } = scriptedServer(script, time.clock);
    const lagging = api.listMonitors.bind(api);
    api.listMonitors = async () => (await lagging()).filter((m) => m.id !== 'E');
    const result = await followMonitors(
      ids.map((id) => target(id)),
      { api, timeoutMs: 60_000, liveEstimate: 50, now: time.now, sleep: time.sleep },
    );
    expect(result.states.every((s) => s.assessment?.status.key === 'up')).toBe(true);
    expect(requests).toEqual(['GET /monitors', 'GET /monitors/E', 'GET /monitors', 'GET /monitors/E']);
  });

  it('marks a monitor deleted meanwhile as gone, and keeps reading one whose read failed', async () => {
    const time = fakeTime();
    const { api } = scriptedServer(
      { G: () => undefined, F: (t) => ({ status: t >= 2000 ? 'degraded' : 'pending' }) },
      time.clock,
    );
    api.failures.set('F', () => new ServerError('API_SERVER_ERROR', 'the API answered 503 after 6 attempts'));
    const result = await followMonitors([target('G'), target('F')], {
      api,
      timeoutMs: 60_000,
      liveEstimate: 1000,
      now: time.now,
      sleep: async (ms) => {
        time.clock.t += ms;
        api.failures.clear();
      },
    });
    expect(result.states.map((s) => [s.target.id, s.gone ?? false, s.assessment?.status.key, s.error])).toEqual([
      ['G', true, undefined, undefined],
      ['F', false, 'degraded', undefined],
    ]);
  });

  it('ends at once on a token problem (403), as a fatal error', async () => {
    const time = fakeTime();
    const { api, requests } = scriptedServer({ A: () => ({ status: 'pending' }) }, time.clock);
    api.failures.set('A', () => new ForbiddenError('API_FORBIDDEN', 'the token lacks the monitors:read scope'));
    const result = await followMonitors([target('A')], {
      api,
      timeoutMs: 60_000,
      liveEstimate: 1,
      now: time.now,
      sleep: time.sleep,
    });
    expect(result.fatal?.code).toBe('API_FORBIDDEN');
    expect([result.timedOut, requests.length]).toEqual([false, 1]);
    const report = buildWaitReport(result, undefined, ['down'], 60_000);
    expect(report.failed).toBe(true);
    expect(waitReportLines(report).slice(-2)).toEqual([
      'error API_FORBIDDEN: the wait stopped: the token lacks the monitors:read scope',
      'Wait failed: 1 unread. (0s)',
    ]);
  });

  it('stops when interrupted, reporting what it saw', async () => {
    const time = fakeTime();
    const { api } = scriptedServer({ A: () => ({ status: 'pending' }) }, time.clock);
    const controller = new AbortController();
    const result = await followMonitors([target('A')], {
      api,
      timeoutMs: 60_000,
      liveEstimate: 1,
      now: time.now,
      signal: controller.signal,
      sleep: async (ms) => {
        time.clock.t += ms;
        controller.abort();
      },
    });
    expect(result).toMatchObject({ interrupted: true, timedOut: false, elapsedMs: 2000 });
  });
});

describe('open incidents and the report', () => {
  const incident = (id: string, monitorId: string, resolved: string | null | undefined): Incident => ({
    id,
    monitor: { id: monitorId, name: null },
    status: 'whatever',
    severity: 'major',
    summary: `${id} summary`,
    opened_at: iso(T0),
    ...(resolved === undefined ? {} : { resolved_at: resolved }),
  });

  it('keeps the incidents without resolved_at on the followed monitors', async () => {
    const api = {
      listIncidents: async () => ({
        incidents: [
          incident('I1', 'A', null),
          incident('I2', 'A', iso(T0)),
          incident('I3', 'X', null),
          incident('I4', 'B', undefined),
        ],
        complete: false,
      }),
    } as unknown as MonitorsApi;
    const open = await readOpenIncidents(api, new Set(['A', 'B']));
    expect([...open.byMonitor].map(([id, list]) => [id, list.map((i) => i.id)])).toEqual([
      ['A', ['I1']],
      ['B', ['I4']],
    ]);
    expect(open.note).toBe('Only the first 4 incidents were read; an open incident may be missing.');
  });

  it('says once that incidents were not read when the token lacks incidents:read', async () => {
    const api = {
      listIncidents: async () => Promise.reject(new ForbiddenError('API_FORBIDDEN', 'forbidden')),
    } as unknown as MonitorsApi;
    expect(await readOpenIncidents(api, new Set(['A']))).toEqual({
      byMonitor: new Map(),
      note: 'Open incidents were not read: the token lacks the incidents:read scope.',
    });
  });

  it('renders a line per monitor, its incidents under it, notes, and a summary naming what fails', async () => {
    const time = fakeTime();
    const { api } = scriptedServer(
      {
        A: () => ({ status: 'up' }),
        B: () => ({ status: 'down' }),
        C: () => ({ status: 'pending' }),
        D: () => ({ status: 'Initialising' }),
        R: () => ({ status: 'up', updated_at: iso(T0), last_check_at: iso(T0 - 1) }),
        G: () => undefined,
      },
      time.clock,
    );
    const targets = ['A', 'B', 'C', 'D', 'G'].map((id) => target(id)).concat(target('R', 'replace'));
    const result = await followMonitors(targets, {
      api,
      timeoutMs: 3000,
      liveEstimate: 1000,
      now: time.now,
      sleep: time.sleep,
    });
    const open = {
      byMonitor: new Map([['B', [incident('I1', 'B', null)]]]),
      note: 'Open incidents were not read completely.',
    };
    const report = buildWaitReport(result, open, ['down', 'unknown'], 3000);
    expect(waitReportLines(report)).toEqual([
      'Monitor status after the apply (waited 3s of at most 3s):',
      '  up           "A" (A)',
      '  down         "B" (B)',
      '                 open incident since 2026-01-01T00:00:00.000Z (major): I1 summary',
      '  pending      "C" (C): still pending when the time ran out',
      '  "Initialising" "D" (D): a status the spec does not list',
      '  gone         "G" (G): no longer exists (deleted since the apply)',
      '  up           "R" (R): not checked since the change: this status is from before it',
      'note: Open incidents were not read completely.',
      'Wait failed: 2 up, 1 down, 1 still pending, 1 "Initialising", 1 gone; failing (--wait-fail-on down,unknown): "B" down, "D" unknown. (3s)',
    ]);
    expect(report).toMatchObject({ timed_out: true, failed: true, fail_on: ['down', 'unknown'] });
    expect(report.monitors[1]).toEqual({
      id: 'B',
      name: 'B',
      action: 'create',
      status: 'down',
      server_status: 'down',
      settled: true,
      checked_since_change: null,
      last_check_at: null,
      gone: false,
      error: null,
      failure: 'down',
      open_incidents: [{ id: 'I1', status: 'whatever', severity: 'major', summary: 'I1 summary', opened_at: iso(T0) }],
    });
  });
});
