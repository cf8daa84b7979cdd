// The pure part of `monitors status`: which monitors are managed (as plan matches them),
// their statuses and open incidents, --name and --fail-on.
import { describe, expect, it } from 'vitest';
import type { Incident } from '../../src/api/types.js';
import type { LiveMonitor } from '../../src/model/monitor.js';
import { assembleStatus, type StatusInput } from '../../src/status/assemble.js';
import { parseStatusFailOn } from '../../src/status/fail-on.js';
import { checkNamePatterns } from '../../src/status/select.js';
import { desired, input, liveOf, lockOf, monitorId, recordOf, state, thrown } from '../plan/fixtures.js';

const live = (n: number, name: string, extras: Record<string, unknown> = {}): LiveMonitor =>
  liveOf(monitorId(n), input(name), 'spec', {
    last_check_at: '2024-05-01T10:00:00Z',
    next_check_at: '2024-05-01T10:05:00Z',
    ...extras,
  });

const incident = (n: number, monitor: number, extra: Partial<Incident> = {}): Incident => ({
  id: `INC${n}`,
  monitor: { id: monitorId(monitor), name: null },
  status: 'open',
  severity: 'major',
  summary: `incident ${n}`,
  opened_at: `2024-05-01T09:0${n}:00Z`,
  resolved_at: null,
  ...extra,
});

const NO_INCIDENTS = { read: true, incidents: [] } as const;
const run = (input: Partial<StatusInput> & Pick<StatusInput, 'desired' | 'live'>) =>
  assembleStatus({ lock: undefined, incidents: NO_INCIDENTS, ...input });
const byName = (report: ReturnType<typeof assembleStatus>) => new Map(report.monitors.map((r) => [r.name, r]));

describe('which monitors are managed', () => {
  it('matches the YAML to live monitors as plan does: names, lock ids, id pins, moved entries', () => {
    const home = desired('home');
    const cart = desired('cart');
    const pinned = desired('pinned', {}, { pinnedId: monitorId(3) });
    const renamed = desired('new name');
    const report = run({
      desired: { ...state([home, cart, pinned, renamed], [{ from: 'old name', to: 'new name' }]) },
      live: [live(1, 'home'), live(2, 'cart renamed in the dashboard'), live(3, 'whatever'), live(4, 'old name')],
      lock: lockOf([recordOf(monitorId(2), cart)]),
    });
    const rows = byName(report);
    expect(rows.get('home')).toMatchObject({ id: monitorId(1), state: 'live', status: 'up' });
    expect(rows.get('home')).not.toHaveProperty('live_name');
    expect(rows.get('cart')).toMatchObject({ id: monitorId(2), live_name: 'cart renamed in the dashboard' });
    expect(rows.get('pinned')).toMatchObject({ id: monitorId(3), live_name: 'whatever' });
    expect(rows.get('new name')).toMatchObject({ id: monitorId(4), live_name: 'old name' });
    expect(report.summary).toMatchObject({ managed: 4, unmanaged: 0, not_created: 0, not_in_yaml: 0 });
    expect(report.monitors.map((r) => r.name)).toEqual(['cart', 'home', 'new name', 'pinned']);
  });

  it('shows monitors of the YAML not created yet, and one deleted outside the tool', () => {
    const gone = desired('gone');
    const report = run({
      desired: state([desired('fresh'), gone]),
      live: [],
      lock: lockOf([recordOf(monitorId(9), gone)]),
    });
    const rows = byName(report);
    expect(rows.get('fresh')).toEqual({
      name: 'fresh',
      id: null,
      state: 'not_created',
      status: null,
      server_status: null,
      last_check_at: null,
      next_check_at: null,
      open_incidents: [],
      failing: false,
    });
    expect(rows.get('gone')?.note).toBe(`deleted outside the tool (its lock record named ${monitorId(9)})`);
    expect(report.summary).toMatchObject({ managed: 2, not_created: 2 });
  });

  it('keeps managed monitors in no YAML entry (lock record, settings.scope), counts the others, and forgets removed ones', () => {
    const left = desired('left the YAML');
    const forgotten = desired('handed over');
    const set = state([desired('home')], [], { kind: 'prefix', prefix: 'shop: ' });
    set.removed = [{ name: 'handed over', source: { file: 'monitors/main.yaml', line: 9, col: 5 } }];
    const report = run({
      desired: set,
      live: [
        live(1, 'home'),
        live(2, 'left the YAML'),
        live(3, 'shop: in the scope'),
        live(4, 'handed over'),
        live(5, 'made in the dashboard'),
      ],
      lock: lockOf([recordOf(monitorId(2), left), recordOf(monitorId(4), forgotten)]),
    });
    const rows = byName(report);
    expect(rows.get('left the YAML')).toMatchObject({ id: monitorId(2), state: 'not_in_yaml' });
    expect(rows.get('shop: in the scope')).toMatchObject({ id: monitorId(3), state: 'not_in_yaml' });
    expect(rows.has('handed over')).toBe(false);
    expect(report.summary).toMatchObject({ managed: 3, not_in_yaml: 2, unmanaged: 2 });
  });

  it('refuses what plan refuses: two live monitors under a name the YAML asks for', () => {
    const error = thrown(() => run({ desired: state([desired('home')]), live: [live(1, 'home'), live(2, 'home')] }));
    expect(error.code).toBe('PLAN_DUPLICATE_LIVE_NAME');
  });

  it('names the environment, or null', () => {
    const set = state([]);
    expect(run({ desired: set, live: [] }).environment).toBeNull();
    set.settings = { ...set.settings, environment: { name: 'staging' } };
    expect(run({ desired: set, live: [] }).environment).toBe('staging');
  });
});

describe('statuses', () => {
  it('reads spec statuses in any spelling, and keeps any other value as it came', () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    const report = run({
      desired: state(names.map((n) => desired(n))),
      live: [
        live(1, 'a', { status: 'DOWN' }),
        live(2, 'b', { status: 'awaiting-allowlist' }),
        live(3, 'c', { status: 'sleeping' }),
        live(4, 'd', { status: undefined, last_check_at: 1714557600, next_check_at: undefined }),
        live(5, 'e', { status: 'pending', last_check_at: null }),
      ],
    });
    const rows = byName(report);
    expect(rows.get('a')).toMatchObject({ status: 'down', server_status: 'DOWN' });
    expect(rows.get('b')).toMatchObject({ status: 'awaiting_allowlist', server_status: 'awaiting-allowlist' });
    expect(rows.get('c')).toMatchObject({ status: 'unknown', server_status: 'sleeping' });
    expect(rows.get('d')).toMatchObject({ status: 'unknown', server_status: '(none)', last_check_at: null });
    expect(rows.get('d')?.next_check_at).toBeNull();
    expect(rows.get('e')).toMatchObject({ status: 'pending', last_check_at: null });
    expect(report.summary.by_status).toEqual({
      pending: 1,
      up: 0,
      degraded: 0,
      down: 1,
      paused: 0,
      maintenance: 0,
      awaiting_allowlist: 1,
      unknown: 2,
    });
  });
});

describe('open incidents', () => {
  it('lists the unresolved incidents of each shown monitor, oldest first, with any status and severity', () => {
    const report = run({
      desired: state([desired('home'), desired('cart')]),
      live: [live(1, 'home'), live(2, 'cart'), live(3, 'unmanaged')],
      incidents: {
        read: true,
        incidents: [
          incident(3, 1, { status: 'investigating', severity: 'SEV1' }),
          incident(1, 1, { resolved_at: undefined, status: 'ongoing' }),
          incident(2, 1, { resolved_at: '2024-05-01T09:30:00Z' }),
          incident(4, 2, { summary: { text: 'not a string' } as unknown as string }),
          incident(5, 3),
        ],
      },
    });
    const rows = byName(report);
    expect(rows.get('home')?.open_incidents).toEqual([
      { id: 'INC1', status: 'ongoing', severity: 'major', summary: 'incident 1', opened_at: '2024-05-01T09:01:00Z' },
      {
        id: 'INC3',
        status: 'investigating',
        severity: 'SEV1',
        summary: 'incident 3',
        opened_at: '2024-05-01T09:03:00Z',
      },
    ]);
    expect(rows.get('cart')?.open_incidents?.[0]?.summary).toBe('{"text":"not a string"}');
    expect(report.summary.open_incidents).toBe(3);
    expect(report.incidents_read).toBe(true);
  });

  it('without the incidents: null everywhere, and the note says why', () => {
    const report = run({
      desired: state([desired('home'), desired('new')]),
      live: [live(1, 'home')],
      incidents: { read: false, note: 'Open incidents were not read: because.' },
    });
    expect(report.monitors.map((r) => r.open_incidents)).toEqual([null, null]);
    expect(report.summary.open_incidents).toBeNull();
    expect(report.incidents_read).toBe(false);
    expect(report.notes).toEqual(['Open incidents were not read: because.']);
  });
});

describe('--name', () => {
  const set = () => state([desired('shop: home'), desired('shop: cart'), desired('blog')]);
  const monitors = () => [
    live(1, 'shop: home'),
    live(2, 'shop: cart'),
    live(3, 'blog'),
    live(4, 'shop: legacy'),
    live(5, 'other'),
  ];

  it('selects by whole name or glob, and counts only the unmanaged monitors it matches', () => {
    const report = run({ desired: set(), live: monitors(), names: ['shop: *'] });
    expect(report.monitors.map((r) => r.name)).toEqual(['shop: cart', 'shop: home']);
    expect(report.summary).toMatchObject({ managed: 2, unmanaged: 1 });
    const exact = run({ desired: set(), live: monitors(), names: ['blog', 'shop: h?me'] });
    expect(exact.monitors.map((r) => r.name)).toEqual(['blog', 'shop: home']);
  });

  it('matches the name on the server too', () => {
    const report = run({
      desired: state([desired('new name')], [{ from: 'old name', to: 'new name' }]),
      live: [live(1, 'old name')],
      names: ['old*'],
    });
    expect(report.monitors.map((r) => r.name)).toEqual(['new name']);
  });

  it('refuses a pattern that matches no managed monitor, naming the closest or the unmanaged one it names', () => {
    const typo = thrown(() => run({ desired: set(), live: monitors(), names: ['shop: *', 'shop: crat'] }));
    expect(typo.code).toBe('STATUS_NO_MATCH');
    expect(typo.message).toBe('--name "shop: crat" matches no managed monitor; did you mean "shop: cart"?');
    const unmanaged = thrown(() => run({ desired: set(), live: monitors(), names: ['oth*'] }));
    expect(unmanaged.message).toBe(
      `--name "oth*" names only monitors this repository does not manage ("other", ${monitorId(5)}: in neither the YAML nor the lock file)`,
    );
    expect(thrown(() => checkNamePatterns(['shop', ' '])).code).toBe('BAD_OPTION');
    expect(checkNamePatterns(['a', 'a'])).toEqual(['a']);
  });
});

describe('--fail-on', () => {
  const statuses = () => [
    live(1, 'down one', { status: 'down' }),
    live(2, 'degraded one', { status: 'Degraded' }),
    live(3, 'odd one', { status: 'critical' }),
    live(4, 'up one'),
  ];
  const set = () => state(['down one', 'degraded one', 'odd one', 'up one', 'new one'].map((n) => desired(n)));
  const failing = (failOn?: 'down' | 'degraded') => {
    const report = run({ desired: set(), live: statuses(), ...(failOn ? { failOn } : {}) });
    return { failed: report.failed, names: report.monitors.filter((r) => r.failing).map((r) => r.name) };
  };

  it('down fails on down, degraded on degraded or down, a status outside the spec on neither', () => {
    expect(failing()).toEqual({ failed: false, names: [] });
    expect(failing('down')).toEqual({ failed: true, names: ['down one'] });
    expect(failing('degraded')).toEqual({ failed: true, names: ['degraded one', 'down one'] });
  });

  it('fails only on the monitors --name shows', () => {
    const report = run({ desired: set(), live: statuses(), failOn: 'down', names: ['up one'] });
    expect(report.failed).toBe(false);
  });

  it('parses the level, and refuses anything else', () => {
    expect(parseStatusFailOn(undefined)).toBeUndefined();
    expect(parseStatusFailOn(' Down ')).toBe('down');
    expect(parseStatusFailOn('degraded')).toBe('degraded');
    expect(thrown(() => parseStatusFailOn('down,degraded')).code).toBe('BAD_OPTION');
    expect(thrown(() => parseStatusFailOn('unknown')).message).toBe('--fail-on takes down or degraded, not "unknown"');
  });
});
