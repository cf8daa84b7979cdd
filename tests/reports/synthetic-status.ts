// A status page of N monitors made the way `monitors status` makes one (statusPage over a
// report, the YAML's monitors, the listing and the incidents), without a server: for the
// page's size and load time at 10,000 monitors, and for the screenshot in docs/reports.md.
// Deterministic: the same N and clock give the same page.
import type { Incident } from '../../src/api/types.js';
import { DEFAULT_SETTINGS, type DesiredMonitor, type DesiredState, type LiveMonitor } from '../../src/model/monitor.js';
import { statusPage, type StatusPage } from '../../src/status/page-data.js';
import { STATUS_FORMAT_VERSION, type StatusReport, type StatusRow } from '../../src/status/types.js';

const GROUPS = ['shop', 'search', 'payments', 'blog', 'api', null];
const TAGS = ['web', 'critical', 'eu', 'us', 'internal'];
const DAY = 86_400_000;

/** Statuses in a plausible mix: mostly up, a few problems, some paused, a few not created. */
function statusOf(i: number): StatusRow['status'] {
  if (i % 97 === 5) return 'down';
  if (i % 53 === 7) return 'degraded';
  if (i % 41 === 3) return 'paused';
  if (i % 89 === 11) return null;
  return 'up';
}

export interface SyntheticOptions {
  environment?: string;
  /** The name of monitor i of the group (default `GROUP: check 0000i`). */
  nameOf?: (i: number, group: string | null) => string;
}

export function syntheticStatusPage(count: number, now: Date, days = 30, options: SyntheticOptions = {}): StatusPage {
  const rows: StatusRow[] = [];
  const desired: DesiredMonitor[] = [];
  const live: LiveMonitor[] = [];
  const incidents: Incident[] = [];
  for (let i = 0; i < count; i += 1) {
    const group = GROUPS[i % GROUPS.length]!;
    const name = options.nameOf?.(i, group) ?? `${group ?? 'misc'}: check ${String(i).padStart(5, '0')}`;
    const id = `01J${String(i).padStart(23, '0')}`;
    const status = statusOf(i);
    const created = new Date(now.getTime() - (60 + (i % 30)) * DAY).toISOString();
    desired.push({
      name,
      input: { group, tags: [TAGS[i % 5], TAGS[(i + 2) % 5]].join(', ') } as unknown as DesiredMonitor['input'],
      envRefs: {},
      source: { file: 'monitors.yaml', line: i + 1, col: 5 },
    });
    const open =
      status === 'down'
        ? [
            {
              id: `inc-open-${i}`,
              status: 'open',
              severity: 'major',
              summary: `${name} answers 503`,
              opened_at: new Date(now.getTime() - ((i % 5) + 1) * 3_600_000).toISOString(),
            },
          ]
        : [];
    rows.push({
      name,
      id: status === null ? null : id,
      state: status === null ? 'not_created' : 'live',
      status,
      server_status: status,
      last_check_at: status === null ? null : new Date(now.getTime() - 120_000).toISOString(),
      next_check_at: null,
      open_incidents: status === null ? [] : open,
      failing: false,
    });
    if (status === null) continue;
    live.push({
      id,
      name,
      type: 'http',
      url: 'https://example.com/',
      method: 'GET',
      status,
      interval_seconds: 300,
      timeout_seconds: 10,
      created_at: created,
      updated_at: created,
    });
    for (const o of open) incidents.push({ ...o, monitor: { id, name }, resolved_at: null });
    // A resolved incident for one monitor in seven, some days back.
    if (i % 7 === 0) {
      const opened = now.getTime() - ((i % days) + 1) * DAY;
      incidents.push({
        id: `inc-${i}`,
        monitor: { id, name },
        status: 'resolved',
        severity: 'minor',
        summary: 'timeouts from eu-west',
        opened_at: new Date(opened).toISOString(),
        resolved_at: new Date(opened + ((i % 11) + 1) * 1_800_000).toISOString(),
      });
    }
  }
  const byStatus = {
    pending: 0,
    up: 0,
    degraded: 0,
    down: 0,
    paused: 0,
    maintenance: 0,
    awaiting_allowlist: 0,
    unknown: 0,
  };
  for (const r of rows) if (r.status !== null) byStatus[r.status] += 1;
  const report: StatusReport = {
    format_version: STATUS_FORMAT_VERSION,
    environment: options.environment ?? 'production',
    summary: {
      managed: rows.length,
      by_status: byStatus,
      not_created: rows.filter((r) => r.status === null).length,
      not_in_yaml: 0,
      open_incidents: incidents.filter((x) => !x.resolved_at).length,
      unmanaged: 0,
    },
    fail_on: null,
    failed: false,
    incidents_read: true,
    monitors: rows.sort((a, b) => (a.name < b.name ? -1 : 1)),
    notes: [],
  };
  const state: DesiredState = { monitors: desired, moved: [], settings: DEFAULT_SETTINGS, files: ['monitors.yaml'] };
  return statusPage([{ report, desired: state, live, incidents }], now, days);
}
