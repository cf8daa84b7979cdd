// Admin: seed monitors in bulk, read/edit/delete one "in the dashboard", open and resolve
// incidents. No faults, no rate limit, no idempotency: this is the test's hand, not a client.
import { ID_PATTERN } from '../ids.js';
import {
  MONITOR_STATUSES,
  INCIDENT_SEVERITIES,
  mergeEdit,
  type MonitorRecord,
  type MonitorStatus,
} from '../records.js';
import type { SimCore } from '../core.js';
import { WORKSPACE_PATTERN } from '../tokens-file.js';
import { describeProblems, inputProblems, type ErrorDetail } from '../validation.js';
import { monitorView } from '../views.js';
import type { Workspace } from '../workspace.js';
import { emptyReply, errorReply, jsonReply, rawJsonReply, type Reply } from './reply.js';

export function seedMonitors(core: SimCore, body: unknown): Reply {
  const { workspace = 'default', monitors } = Array.isArray(body)
    ? { monitors: body }
    : ((body ?? {}) as { workspace?: unknown; monitors?: unknown });
  if (typeof workspace !== 'string' || !WORKSPACE_PATTERN.test(workspace))
    return invalid('workspace must be 1 to 64 letters, digits or _.:-');
  if (!Array.isArray(monitors))
    return invalid('expected {"workspace"?: "...", "monitors": [monitor inputs]} or an array of inputs');
  const details: ErrorDetail[] = [];
  monitors.forEach((input, index) => {
    for (const d of inputProblems(input, core.options.enabledIntervals)) {
      details.push({ ...d, field: `monitors/${index}/${d.field}`, pointer: `/monitors/${index}${d.pointer}` });
    }
  });
  if (details.length > 0)
    return errorReply('validation_failed', `seed refused: ${describeProblems(details)}`, {
      details: details.slice(0, 100),
    });
  const ws = core.state.workspace(workspace);
  if (ws.monitors.size + monitors.length > core.options.monitorLimit) {
    return errorReply(
      'monitor_limit_reached',
      `seeding ${monitors.length} monitors would exceed the limit of ${core.options.monitorLimit}`,
    );
  }
  const ids = monitors.map((input) => core.state.createMonitor(ws, input as Record<string, unknown>).id);
  return jsonReply(201, { data: { workspace, ids } });
}

export function readMonitor(core: SimCore, id: string): Reply {
  const found = locateMonitor(core, id);
  return found ? adminMonitorReply(found.ws, found.record) : monitorNotFound(id);
}

export function editMonitor(core: SimCore, id: string, body: unknown): Reply {
  const found = locateMonitor(core, id);
  if (!found) return monitorNotFound(id);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return invalid('the body must be an object of fields to change');
  const {
    status,
    last_check_at: lastCheckAt,
    next_check_at: nextCheckAt,
    ...inputPatch
  } = body as Record<string, unknown>;
  if (status !== undefined && !(MONITOR_STATUSES as readonly unknown[]).includes(status))
    return invalid(`status must be one of: ${MONITOR_STATUSES.join(', ')}`);
  for (const [name, value] of [
    ['last_check_at', lastCheckAt],
    ['next_check_at', nextCheckAt],
  ] as const) {
    if (value !== undefined && value !== null && (typeof value !== 'string' || Number.isNaN(Date.parse(value))))
      return invalid(`${name} must be an ISO date-time or null`);
  }
  const input = Object.keys(inputPatch).length > 0 ? mergeEdit(found.record, inputPatch) : undefined;
  const details = input ? inputProblems(input, core.options.enabledIntervals) : [];
  if (details.length > 0)
    return errorReply('validation_failed', `edit refused: ${describeProblems(details)}`, { details });
  const record = core.state.editMonitor(found.ws, id, {
    input,
    status: status as MonitorStatus | undefined,
    lastCheckAt: lastCheckAt as string | null | undefined,
    nextCheckAt: nextCheckAt as string | null | undefined,
  });
  return record ? adminMonitorReply(found.ws, record) : monitorNotFound(id);
}

export function removeMonitor(core: SimCore, id: string): Reply {
  const found = locateMonitor(core, id);
  if (!found) return monitorNotFound(id);
  core.state.deleteMonitor(found.ws, id);
  return emptyReply(204);
}

export function openIncident(core: SimCore, body: unknown): Reply {
  const { monitor_id: monitorId, severity = 'major', summary, ...rest } = (body ?? {}) as Record<string, unknown>;
  if (Object.keys(rest).length > 0)
    return invalid(`unknown field "${Object.keys(rest)[0]}"; expected monitor_id, severity, summary`);
  if (typeof monitorId !== 'string') return invalid('monitor_id is required');
  if (!(INCIDENT_SEVERITIES as readonly unknown[]).includes(severity))
    return invalid(`severity must be one of: ${INCIDENT_SEVERITIES.join(', ')}`);
  if (summary !== undefined && (typeof summary !== 'string' || summary.length > 500))
    return invalid('summary must be a string of at most 500 characters');
  const found = locateMonitor(core, monitorId);
  if (!found) return monitorNotFound(monitorId);
  const text = summary ?? `${String(found.record.input.name)} is not responding`;
  const record = core.state.openIncident(found.ws, monitorId, severity as string, text);
  return rawJsonReply(201, `{"data":${found.ws.incidentJson(record)}}`);
}

export function resolveIncident(core: SimCore, id: string): Reply {
  const ws = ID_PATTERN.test(id) ? core.state.locate(id) : undefined;
  const record = ws && core.state.resolveIncident(ws, id);
  if (!ws || !record) return errorReply('not_found', `no incident with id "${id.slice(0, 40)}"`);
  return rawJsonReply(200, `{"data":${ws.incidentJson(record)}}`);
}

export function locateMonitor(core: SimCore, id: string): { ws: Workspace; record: MonitorRecord } | undefined {
  const ws = ID_PATTERN.test(id) ? core.state.locate(id) : undefined;
  const record = ws?.monitors.get(id);
  return ws && record ? { ws, record } : undefined;
}

export function adminMonitorReply(ws: Workspace, record: MonitorRecord): Reply {
  return jsonReply(200, {
    data: { ...monitorView(record, 'full'), workspace: ws.name, auth_secret_set: record.authSecretSet },
  });
}

export function monitorNotFound(id: string): Reply {
  return errorReply('not_found', `no monitor with id "${id.slice(0, 40)}" in any workspace`);
}

export function invalid(message: string): Reply {
  return errorReply('validation_failed', message);
}
