// The open incidents of the monitors shown. The spec gives no incident status values and no
// filter (2.3, 4): an incident is open while its resolved_at is null or absent, whatever
// its status says, and every page of /incidents is read.
import { isApiError } from '../api/errors.js';
import { DEFAULT_ORIGIN, tokenSource, type ApiOrigin } from '../api/origin.js';
import type { Incident } from '../api/types.js';
import { isMonitorsError } from '../errors.js';
import type { OpenIncident } from './types.js';

/** What /incidents gave: every incident, or why none could be read (a sentence for the notes). */
export type IncidentsRead = { read: true; incidents: readonly Incident[] } | { read: false; note: string };

/** Monitor id -> its open incidents, oldest first. */
export function openIncidentsByMonitor(incidents: readonly Incident[]): Map<string, OpenIncident[]> {
  const byMonitor = new Map<string, OpenIncident[]>();
  for (const incident of incidents) {
    if (incident.resolved_at !== null && incident.resolved_at !== undefined) continue;
    const id = incident.monitor.id;
    const open: OpenIncident = {
      id: incident.id,
      status: text(incident.status),
      severity: text(incident.severity),
      summary: text(incident.summary),
      opened_at: text(incident.opened_at),
    };
    const list = byMonitor.get(id);
    if (list) list.push(open);
    else byMonitor.set(id, [open]);
  }
  for (const list of byMonitor.values())
    list.sort((a, b) => (a.opened_at < b.opened_at ? -1 : a.opened_at > b.opened_at ? 1 : 0));
  return byMonitor;
}

/** A field a server may send in any shape: strings as they are, anything else as JSON. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/**
 * Why the incidents are missing, plainly: for a 403, that the token (named by the variable
 * it was read from) lacks incidents:read, and that the statuses are complete all the same.
 */
export function incidentsNotRead(error: unknown, origin: ApiOrigin = DEFAULT_ORIGIN): string {
  if (isApiError(error, 'API_FORBIDDEN'))
    return (
      `Open incidents were not read: the token in ${origin.token.variable} lacks the incidents:read scope (GET /incidents answered 403); ` +
      `the statuses are complete without it. To see incidents too, set ${tokenSource(origin)} to a token with monitors:read and incidents:read (dashboard, settings, API).`
    );
  const why = isMonitorsError(error) ? error.message : 'the request failed';
  return `Open incidents were not read: ${why}; the statuses are complete without them.`;
}
