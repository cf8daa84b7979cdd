// Helpers for the simulator's admin endpoints (/__sim, documented in docs/simulator.md).
// Each throws with the server's error body on a non-2xx answer. They stand in for nothing of
// the real service: the admin endpoints are the simulator's own (docs/simulator.md, "Admin
// endpoints"), outside the monitoring API's spec, used to set faults, run checks and read
// the request log.
import type { CheckSettings } from '../../src/sim/checks/settings.js';
import type { FaultSettings } from '../../src/sim/options.js';
import type { RequestLogEntry } from '../../src/sim/request-log.js';
import { httpInput } from '../load/valid-input.js';

export type { FaultSettings, OneShotFault } from '../../src/sim/options.js';
export type { RequestLogEntry } from '../../src/sim/request-log.js';

async function admin<T>(adminUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${adminUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /__sim${path} answered ${res.status}: ${text}`);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}

/** Changes the given fault settings (others stay); `next` replaces the one-shot queue. */
export const setFaults = (adminUrl: string, faults: Partial<FaultSettings>) =>
  admin<FaultSettings>(adminUrl, 'PATCH', '/faults', faults);
export const getFaults = (adminUrl: string) => admin<FaultSettings>(adminUrl, 'GET', '/faults');
export const getRequestLog = (adminUrl: string) => admin<RequestLogEntry[]>(adminUrl, 'GET', '/requests');
export const clearRequestLog = (adminUrl: string) => admin<void>(adminUrl, 'DELETE', '/requests');

/** Creates monitors directly (no faults, no rate limit, no keys); returns their ids in order. */
export async function seedMonitors(
  adminUrl: string,
  inputs: readonly Record<string, unknown>[],
  workspace = 'default',
): Promise<string[]> {
  return (await admin<{ ids: string[] }>(adminUrl, 'POST', '/monitors', { workspace, monitors: inputs })).ids;
}

/** An edit "in the dashboard": input fields, and/or status, last_check_at, next_check_at. Bumps updated_at. */
export const editMonitorOutOfBand = (adminUrl: string, id: string, patch: Record<string, unknown>) =>
  admin<Record<string, unknown>>(adminUrl, 'PATCH', `/monitors/${id}`, patch);
export const deleteMonitorOutOfBand = (adminUrl: string, id: string) =>
  admin<void>(adminUrl, 'DELETE', `/monitors/${id}`);
/** Every stored input field (never auth_secret; auth_secret_set says whether one is set) plus workspace. */
export const readMonitorAdmin = (adminUrl: string, id: string) =>
  admin<Record<string, unknown>>(adminUrl, 'GET', `/monitors/${id}`);

export const openIncident = (
  adminUrl: string,
  monitorId: string,
  options: { severity?: 'minor' | 'major' | 'critical'; summary?: string } = {},
) =>
  admin<Record<string, unknown> & { id: string }>(adminUrl, 'POST', '/incidents', {
    monitor_id: monitorId,
    ...options,
  });
export const resolveIncident = (adminUrl: string, incidentId: string) =>
  admin<Record<string, unknown>>(adminUrl, 'POST', `/incidents/${incidentId}/resolve`);

/** Changes the simulated checks' settings (fields given replace the current ones; `rules` the whole list). */
export const setChecks = (adminUrl: string, settings: Partial<CheckSettings>) =>
  admin<CheckSettings>(adminUrl, 'PATCH', '/checks', settings);
/** Runs a monitor's check now, finding `status` when given, else what the rules say; returns the monitor (admin view). */
export const checkMonitorNow = (adminUrl: string, id: string, status?: string) =>
  admin<Record<string, unknown>>(adminUrl, 'POST', `/monitors/${id}/check`, status === undefined ? {} : { status });

/** Revoke a token, end its owner's membership or change its expiry; `tokenId` = first 8 hex of sha256(token). */
export const patchToken = (
  adminUrl: string,
  tokenId: string,
  patch: { revoked?: boolean; active_member?: boolean; expires_at?: string | null },
) => admin<Record<string, unknown>>(adminUrl, 'PATCH', `/tokens/${tokenId}`, patch);

export interface SimStateCounts {
  workspaces: Record<string, { monitors: number; incidents: number; open_incidents: number }>;
  idempotency_records: number;
  logged_requests: number;
}
export const getSimState = (adminUrl: string) => admin<SimStateCounts>(adminUrl, 'GET', '/state');

/** A valid monitor input (spec 2.1) that the simulator's default settings accept. */
export function exampleMonitorInput(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return httpInput({
    name,
    url: 'https://example.com/health',
    execution_mode: 'single_location',
    locations: ['eu-west'],
    ...overrides,
  });
}
