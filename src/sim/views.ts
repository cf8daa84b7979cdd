// The JSON the API returns for a monitor or an incident. 'spec' mode gives exactly the
// fields of spec 2.2; 'full' mode adds every stored input field (auth_secret is never
// stored, so never returned). Fields the client did not send are not invented.
import type { ListingMode } from './options.js';
import type { IncidentRecord, MonitorRecord } from './records.js';

export function monitorView(record: MonitorRecord, mode: ListingMode): Record<string, unknown> {
  const { input } = record;
  const view: Record<string, unknown> = {
    id: record.id,
    name: input.name,
    type: input.type,
    url: input.url,
    method: input.method,
    status: record.status,
    interval_seconds: input.interval_seconds,
    timeout_seconds: input.timeout_seconds,
    last_check_at: record.lastCheckAt,
    next_check_at: record.nextCheckAt,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
  if (mode === 'full') {
    for (const [field, value] of Object.entries(input)) if (!(field in view)) view[field] = value;
  }
  return view;
}

/** monitor.name is null once the monitor no longer exists. */
export function incidentView(record: IncidentRecord, monitorName: string | null): Record<string, unknown> {
  return {
    id: record.id,
    monitor: { id: record.monitorId, name: monitorName },
    status: record.status,
    severity: record.severity,
    summary: record.summary,
    opened_at: record.openedAt,
    resolved_at: record.resolvedAt,
  };
}
