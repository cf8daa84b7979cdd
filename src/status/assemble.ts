// `monitors status`, the pure part: desired, live, lock and incidents in; the report out.
// Managed means what it means to plan: the monitors of the YAML matched to live ones
// exactly as plan matches them (src/plan/match.ts: `id:` pins, lock records, names,
// `moved:`), plus the live monitors a plan would delete (in the lock file or
// settings.scope, in no YAML entry). A `removed:` entry's monitor is unmanaged, as after
// the apply that forgets it. Ambiguities are the plan's errors, with the plan's words.
import type { LockFile, LockRecord } from '../lock/types.js';
import type { DesiredState, LiveMonitor } from '../model/monitor.js';
import { planForgets } from '../plan/forget.js';
import { matchDesired, nameKey } from '../plan/match.js';
import { withCreatesInFlight } from '../plan/pending-creates.js';
import { isManaged } from '../plan/planner.js';
import { SPEC_STATUSES, statusOf } from '../wait/status.js';
import { failsOn } from './fail-on.js';
import { openIncidentsByMonitor, type IncidentsRead } from './incidents.js';
import { selectByName } from './select.js';
import {
  STATUS_FORMAT_VERSION,
  type FailOn,
  type OpenIncident,
  type StatusCounts,
  type StatusReport,
  type StatusRow,
} from './types.js';
import { compareText } from '../model/compare-text.js';

/** How a not-created row whose lock record names a vanished monitor is noted (the status page counts them). */
export const DELETED_OUTSIDE = 'deleted outside the tool';

export interface StatusInput {
  desired: DesiredState;
  live: readonly LiveMonitor[];
  /** The lock file (repaired of ids held twice, as plan repairs it), or undefined when there is none. */
  lock: LockFile | undefined;
  incidents: IncidentsRead;
  /** --name patterns, already checked (select.ts). */
  names?: readonly string[];
  failOn?: FailOn;
}

export function assembleStatus({ desired, live, lock, incidents, names = [], failOn }: StatusInput): StatusReport {
  // A monitor a create in flight made (the apply killed before recording it) is managed, as plan takes it.
  const { records } = withCreatesInFlight(lock, live);
  const recordById = new Map(records.map((r) => [r.id, r]));
  const { matches, setAside } = matchDesired(desired, live, records);
  const forgets = planForgets(desired.removed ?? [], records, live);
  const open = incidents.read ? openIncidentsByMonitor(incidents.incidents) : undefined;
  const incidentsOf = (id: string | null) => (open ? (id === null ? [] : (open.get(id) ?? [])) : null);

  const rows: StatusRow[] = [];
  for (const { desired: d, live: l } of matches) {
    if (!l) {
      rows.push(notCreated(d.name, records, incidentsOf(null)));
      continue;
    }
    rows.push({
      ...liveRow(l, 'live', incidentsOf(l.id), failOn),
      name: d.name,
      ...(nameKey(l.name) !== nameKey(d.name) ? { live_name: l.name } : {}),
    });
  }
  const matched = new Set(matches.flatMap((m) => (m.live ? [m.live.id] : [])));
  const unmanaged: LiveMonitor[] = [];
  for (const l of live) {
    if (matched.has(l.id)) continue;
    // A monitor a `removed:` entry names is unmanaged, as plan keeps it: never deleted, also inside settings.scope.
    const forgotten = forgets.ids.has(l.id) || forgets.names.has(nameKey(l.name));
    if (!forgotten && isManaged(l, recordById, desired.settings.scope))
      rows.push(liveRow(l, 'not_in_yaml', incidentsOf(l.id), failOn));
    else unmanaged.push(l);
  }

  const selected = selectByName(rows, unmanaged, names);
  const shown = selected.rows.sort((a, b) => compareText(a.name, b.name) || compareText(a.id ?? '', b.id ?? ''));
  return {
    format_version: STATUS_FORMAT_VERSION,
    environment: desired.settings.environment?.name ?? null,
    summary: {
      managed: shown.length,
      by_status: countStatuses(shown),
      not_created: shown.filter((r) => r.state === 'not_created').length,
      not_in_yaml: shown.filter((r) => r.state === 'not_in_yaml').length,
      open_incidents: open ? shown.reduce((n, r) => n + (r.open_incidents?.length ?? 0), 0) : null,
      unmanaged: selected.unmanaged.length,
    },
    fail_on: failOn ?? null,
    failed: shown.some((r) => r.failing),
    incidents_read: incidents.read,
    monitors: shown,
    notes: [...setAside.values(), ...(incidents.read ? [] : [incidents.note])],
  };
}

function liveRow(
  l: LiveMonitor,
  state: 'live' | 'not_in_yaml',
  openIncidents: OpenIncident[] | null,
  failOn: FailOn | undefined,
): StatusRow {
  const status = statusOf(l.status);
  const row: StatusRow = {
    name: l.name,
    id: l.id,
    state,
    status: status.key,
    server_status: status.shown,
    last_check_at: timestamp(l.last_check_at),
    next_check_at: timestamp(l.next_check_at),
    open_incidents: openIncidents,
    failing: false,
  };
  return { ...row, failing: failsOn(row, failOn) };
}

function notCreated(name: string, records: readonly LockRecord[], openIncidents: OpenIncident[] | null): StatusRow {
  // Its record names a monitor that is gone (plan words the create the same way).
  const vanished = records.find((r) => nameKey(r.name) === nameKey(name));
  return {
    name,
    id: null,
    state: 'not_created',
    status: null,
    server_status: null,
    last_check_at: null,
    next_check_at: null,
    open_incidents: openIncidents,
    failing: false,
    ...(vanished ? { note: `${DELETED_OUTSIDE} (its lock record named ${vanished.id})` } : {}),
  };
}

function countStatuses(rows: readonly StatusRow[]): StatusCounts {
  const counts = Object.fromEntries([...SPEC_STATUSES, 'unknown'].map((s) => [s, 0])) as StatusCounts;
  for (const r of rows) if (r.status !== null) counts[r.status] += 1;
  return counts;
}

/** A date-time as the server sent it; anything but a string (null, absent, a number) as null. */
function timestamp(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
