// Plan context from /account and /incidents: what a server may name its limits, which
// incidents count as open, and that a missing scope or a long history is a note, not a failure.
import { describe, expect, it } from 'vitest';
import type { Account, Incident, IncidentList, MonitorsApi } from '../../src/api/types.js';
import { INCIDENT_PAGES } from '../../src/api/optional-reads.js';
import { monitorLimitOf, openIncidentMonitorIds, readPlanContext } from '../../src/workspace/context.js';
import { MonitorsError } from '../../src/errors.js';

const account = (limits: Record<string, unknown>, usage: Record<string, unknown>) =>
  ({ id: 'a', name: 'Shop', limits, usage }) as Account;
const incident = (id: string, monitorId: string, resolved_at?: string | null): Incident => ({
  id,
  monitor: { id: monitorId, name: null },
  status: 'whatever-the-server-calls-it',
  severity: 'sev2',
  summary: 's',
  opened_at: '2026-01-01T00:00:00Z',
  ...(resolved_at !== undefined ? { resolved_at } : {}),
});

describe('monitorLimitOf', () => {
  it.each([
    [
      { monitors: 50, seats: 3 },
      { monitors: 12, seats: 1 },
      { limit: 50, usage: 12 },
    ],
    [{ Monitor: 50 }, { Monitor: 12 }, { limit: 50, usage: 12 }],
    [{ max_monitors: 50 }, { monitors: 12 }, { limit: 50, usage: 12 }],
    [{ monitors_limit: 50 }, { monitor_count: 12 }, { limit: 50, usage: 12 }],
    [
      { monitor_min_interval_seconds: 120, monitors_per_page: 100, max_monitors: 50 },
      { monitor_checks_per_day: 9000, monitors: 12 },
      { limit: 50, usage: 12 },
    ],
  ])('finds the monitor limit in %j and its usage in %j', (limits, usage, expected) => {
    expect(monitorLimitOf(account(limits, usage))).toEqual(expected);
  });

  it.each([
    [{ seats: 3 }, { seats: 1 }],
    [{ monitors: 'many' }, { monitors: 12 }],
    [{ monitors: 50 }, {}],
    [{ monitor_interval_min: 120 }, { monitor_checks_per_day: 9000 }],
  ])('no limit when none names monitors with a number: %j / %j', (limits, usage) => {
    expect(monitorLimitOf(account(limits, usage))).toBeUndefined();
  });
});

describe('openIncidentMonitorIds', () => {
  it('an incident without resolved_at (null or absent) is open, whatever its status says', () => {
    const ids = openIncidentMonitorIds([
      incident('i1', 'm1', null),
      incident('i2', 'm2'),
      incident('i3', 'm3', '2026-01-02T00:00:00Z'),
    ]);
    expect([...ids].sort()).toEqual(['m1', 'm2']);
  });
});

function apiWith(
  getAccount: () => Promise<Account>,
  listIncidents: (o?: { maxPages?: number }) => Promise<IncidentList>,
): MonitorsApi {
  const unused = () => Promise.reject(new Error('not used'));
  return {
    getAccount,
    listIncidents,
    listMonitors: unused,
    getMonitor: unused,
    createMonitor: unused,
    replaceMonitor: unused,
    deleteMonitor: unused,
  };
}

describe('readPlanContext', () => {
  it('reads both, asking for a bounded number of incident pages', async () => {
    let asked: number | undefined;
    const context = await readPlanContext(
      apiWith(
        async () => account({ monitors: 10 }, { monitors: 9 }),
        async (o) => {
          asked = o?.maxPages;
          return { incidents: [incident('i1', 'm1', null)], complete: true };
        },
      ),
    );
    expect(asked).toBe(INCIDENT_PAGES);
    expect(context).toEqual({
      accountId: 'a',
      monitorLimit: { limit: 10, usage: 9 },
      openIncidentMonitorIds: new Set(['m1']),
      notes: [],
    });
  });

  it('a token without the scopes gets notes naming them, not a failure', async () => {
    const forbidden = () => Promise.reject(new MonitorsError('API_FORBIDDEN', 'forbidden'));
    const context = await readPlanContext(apiWith(forbidden, forbidden));
    expect(context.monitorLimit).toBeUndefined();
    expect(context.openIncidentMonitorIds).toBeUndefined();
    expect(context.notes).toEqual([
      "The workspace's monitor limit was not checked: the token lacks the account:read scope.",
      'Open incidents were not checked: the token lacks the incidents:read scope.',
    ]);
  });

  it('a history cut at the page bound is said in a note; the marks it has are kept', async () => {
    const context = await readPlanContext(
      apiWith(
        async () => account({}, {}),
        async () => ({ incidents: [incident('i1', 'm1', null)], complete: false }),
      ),
    );
    expect(context.openIncidentMonitorIds).toEqual(new Set(['m1']));
    expect(context.notes).toEqual([
      'Only the first 1 incidents were read for open-incident marks; a change may lack its mark.',
    ]);
  });
});
