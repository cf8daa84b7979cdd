// Admin: the simulated checks. Read and change their settings (delay, rules, default) and
// run one monitor's check now, with a given result or the rules' one.
import type { SimCore } from '../core.js';
import { patchCheckSettings } from '../checks/settings.js';
import { MONITOR_STATUSES, type MonitorStatus } from '../records.js';
import { adminMonitorReply, invalid, locateMonitor, monitorNotFound } from './admin-monitors.js';
import { errorReply, jsonReply, type Reply } from './reply.js';

export function getChecks(core: SimCore): Reply {
  return jsonReply(200, { data: core.checks.settings });
}

export function patchChecks(core: SimCore, body: unknown): Reply {
  const result = patchCheckSettings(core.checks.settings, body);
  if ('problems' in result)
    return errorReply(
      'validation_failed',
      `check settings refused: ${result.problems.map((p) => p.message).join('; ')}`,
      { details: result.problems },
    );
  core.checks.settings = result.settings;
  return jsonReply(200, { data: result.settings });
}

/** POST /__sim/monitors/:id/check, body absent or {status?}: the check runs now; the next one follows an interval later. */
export function checkMonitorNow(core: SimCore, id: string, body: unknown): Reply {
  const found = locateMonitor(core, id);
  if (!found) return monitorNotFound(id);
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
    return invalid('the body must be absent or {"status"?: "..."}');
  const { status, ...rest } = (body ?? {}) as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return invalid(`unknown field "${Object.keys(rest)[0]}"; expected status`);
  if (status !== undefined && !(MONITOR_STATUSES as readonly unknown[]).includes(status))
    return invalid(`status must be one of: ${MONITOR_STATUSES.join(', ')}`);
  const record = core.checks.checkNow(found.ws, found.record, status as MonitorStatus | undefined);
  return record ? adminMonitorReply(found.ws, record) : monitorNotFound(id);
}
