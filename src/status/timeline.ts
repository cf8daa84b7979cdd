// The incidents of the last N days, per monitor, for the status page: each incident as an
// interval clipped to the window (an open one runs to now), and the share of the window
// without an open incident. Where a monitor was created inside the window, its window starts
// then. Pure: the clock is passed in. Dates the server sends unreadable are left out.
import type { Incident } from '../api/types.js';

export interface TimelineSpan {
  id: string;
  summary: string;
  /** Milliseconds since the epoch, clipped to the window. */
  from: number;
  to: number;
  open: boolean;
}

export interface MonitorTimeline {
  spans: TimelineSpan[];
  /** Share (0..1) of the monitor's window without an open incident. */
  clearShare: number;
}

export interface TimelineWindow {
  start: number;
  end: number;
}

export function timelineWindow(now: Date, days: number): TimelineWindow {
  const end = now.getTime();
  return { start: end - days * 86_400_000, end };
}

/** Monitor id -> its incidents in the window, oldest first. */
export function incidentsByMonitor(
  incidents: readonly Incident[],
  window: TimelineWindow,
): Map<string, TimelineSpan[]> {
  const byMonitor = new Map<string, TimelineSpan[]>();
  for (const incident of incidents) {
    const opened = Date.parse(incident.opened_at);
    const resolvedRaw = incident.resolved_at;
    const open = resolvedRaw === null || resolvedRaw === undefined;
    const resolved = open ? window.end : Date.parse(resolvedRaw);
    if (Number.isNaN(opened) || Number.isNaN(resolved)) continue;
    const from = Math.max(opened, window.start);
    const to = Math.min(resolved, window.end);
    if (to < from) continue;
    const span = { id: String(incident.id), summary: String(incident.summary ?? ''), from, to, open };
    const list = byMonitor.get(incident.monitor.id);
    if (list) list.push(span);
    else byMonitor.set(incident.monitor.id, [span]);
  }
  for (const list of byMonitor.values()) list.sort((a, b) => a.from - b.from);
  return byMonitor;
}

/** The monitor's spans and the share of its window (from its creation, if later) with no incident open. */
export function monitorTimeline(
  spans: readonly TimelineSpan[],
  window: TimelineWindow,
  createdAt: string | undefined,
): MonitorTimeline {
  const created = createdAt === undefined ? Number.NaN : Date.parse(createdAt);
  const start = Number.isNaN(created) ? window.start : Math.min(Math.max(created, window.start), window.end);
  const length = window.end - start;
  // The union of the intervals: overlapping incidents count once.
  let covered = 0;
  let reach = start;
  for (const span of [...spans].sort((a, b) => a.from - b.from)) {
    const from = Math.max(span.from, reach);
    if (span.to > from) {
      covered += span.to - from;
      reach = span.to;
    }
  }
  return { spans: [...spans], clearShare: length > 0 ? Math.max(0, 1 - covered / length) : 1 };
}
