// What the status page shows beyond the status report: each row's group and tags (from its
// YAML entry; for a monitor in no YAML entry, from the listing, if the server sends them) and
// its incidents over the last N days with the share of time without one. Pure.
import type { Incident } from '../api/types.js';
import type { DesiredState, LiveMonitor } from '../model/monitor.js';
import { nameKey } from '../plan/match.js';
import { DELETED_OUTSIDE } from './assemble.js';
import { incidentsByMonitor, monitorTimeline, timelineWindow, type MonitorTimeline } from './timeline.js';
import type { StatusReport, StatusRow } from './types.js';

/**
 * What a tile is coloured and filtered by: a spec status, `unknown` (a status the spec does
 * not list), `not_created`, or `deleted` (not created, but its lock record names a monitor
 * that is gone: deleted outside the tool).
 */
export type PageCategory = NonNullable<StatusRow['status']> | 'not_created' | 'deleted';

export interface PageRow {
  row: StatusRow;
  category: PageCategory;
  group: string | null;
  tags: string[];
  /** Null when the incidents were not read, or the monitor is not created. */
  timeline: MonitorTimeline | null;
}

export interface PageEnvironment {
  report: StatusReport;
  rows: PageRow[];
}

export interface StatusPage {
  /** ISO date-time the page was made. */
  generatedAt: string;
  days: number;
  windowStart: string;
  environments: PageEnvironment[];
}

export interface PageInput {
  report: StatusReport;
  desired: DesiredState;
  live: readonly LiveMonitor[];
  /** Every incident read, or null when /incidents could not be read. */
  incidents: readonly Incident[] | null;
}

export function statusPage(inputs: readonly PageInput[], now: Date, days: number): StatusPage {
  const window = timelineWindow(now, days);
  return {
    generatedAt: now.toISOString(),
    days,
    windowStart: new Date(window.start).toISOString(),
    environments: inputs.map(({ report, desired, live, incidents }) => {
      const desiredByName = new Map(desired.monitors.map((d) => [nameKey(d.name), d]));
      const liveById = new Map(live.map((l) => [l.id, l]));
      const spans = incidents ? incidentsByMonitor(incidents, window) : undefined;
      const rows = report.monitors.map((row): PageRow => {
        const d = row.state === 'not_in_yaml' ? undefined : desiredByName.get(nameKey(row.name));
        const l = row.id === null ? undefined : liveById.get(row.id);
        const source: Record<string, unknown> = d ? d.input : (l ?? {});
        return {
          row,
          category: categoryOf(row),
          group: textOf(source.group),
          tags: tagsOf(source.tags),
          timeline:
            spans && row.id !== null
              ? monitorTimeline(spans.get(row.id) ?? [], window, textOf(l?.created_at) ?? undefined)
              : null,
        };
      });
      return { report, rows };
    }),
  };
}

function categoryOf(row: StatusRow): PageCategory {
  if (row.status !== null) return row.status;
  // assemble.ts notes a not-created row whose lock record names a vanished monitor.
  return row.note?.startsWith(DELETED_OUTSIDE) ? 'deleted' : 'not_created';
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** `tags` is one string of comma-separated labels (spec 2.1). */
function tagsOf(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    ),
  ];
}
