// The open incidents of the followed monitors, read once when the wait ends. The spec gives
// no incident status values and no filter (2.3, 4), so an incident is open while its
// resolved_at is null or absent, and the history is read only as far as a plan reads it.
// Without the incidents:read scope the wait goes on without them, saying so once.
import type { Incident, MonitorsApi } from '../api/types.js';
import { INCIDENT_PAGES, reasonOf } from '../api/optional-reads.js';

export interface OpenIncidents {
  /** Monitor id -> its open incidents. */
  byMonitor: Map<string, Incident[]>;
  /** Why some or all were not read (a missing scope, a cut listing). */
  note?: string;
}

export async function readOpenIncidents(api: MonitorsApi, monitorIds: ReadonlySet<string>): Promise<OpenIncidents> {
  const byMonitor = new Map<string, Incident[]>();
  try {
    const { incidents, complete } = await api.listIncidents({ maxPages: INCIDENT_PAGES });
    for (const incident of incidents) {
      if (incident.resolved_at !== null && incident.resolved_at !== undefined) continue;
      if (!monitorIds.has(incident.monitor.id)) continue;
      byMonitor.set(incident.monitor.id, [...(byMonitor.get(incident.monitor.id) ?? []), incident]);
    }
    if (!complete)
      return {
        byMonitor,
        note: `Only the first ${incidents.length} incidents were read; an open incident may be missing.`,
      };
    return { byMonitor };
  } catch (error) {
    return { byMonitor, note: `Open incidents were not read: ${reasonOf(error, 'incidents:read')}` };
  }
}
