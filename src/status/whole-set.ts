// The status of a whole set that declares environments, as one report: what a badge of the
// set (`status --format svg` without --env) says. Each environment's report is read from its
// own workspace; here they are added up (rows one after the other, counts summed), so one
// monitor down in any environment makes the set's badge red. Pure.
import type { StatusCounts, StatusReport } from './types.js';

export function wholeSetReport(reports: readonly StatusReport[]): StatusReport {
  const [first, ...rest] = reports;
  if (!first) throw new Error('wholeSetReport needs at least one report');
  if (rest.length === 0) return first;
  const sum = (pick: (r: StatusReport) => number) => reports.reduce((n, r) => n + pick(r), 0);
  const byStatus = { ...first.summary.by_status } as Record<string, number>;
  for (const r of rest)
    for (const [status, count] of Object.entries(r.summary.by_status))
      byStatus[status] = (byStatus[status] ?? 0) + count;
  const incidentsRead = reports.every((r) => r.incidents_read);
  return {
    ...first,
    environment: null,
    summary: {
      managed: sum((r) => r.summary.managed),
      by_status: byStatus as unknown as StatusCounts,
      not_created: sum((r) => r.summary.not_created),
      not_in_yaml: sum((r) => r.summary.not_in_yaml),
      open_incidents: incidentsRead ? sum((r) => r.summary.open_incidents ?? 0) : null,
      unmanaged: sum((r) => r.summary.unmanaged),
    },
    failed: reports.some((r) => r.failed),
    incidents_read: incidentsRead,
    monitors: reports.flatMap((r) => r.monitors),
    notes: reports.flatMap((r) => r.notes),
  };
}
