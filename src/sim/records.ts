// What the simulator stores per monitor and incident. The write-only auth_secret is never
// kept (not in memory, not in the state file): only whether one was set.

export const MONITOR_STATUSES = [
  'pending',
  'up',
  'degraded',
  'down',
  'paused',
  'maintenance',
  'awaiting_allowlist',
] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

export interface MonitorRecord {
  id: string;
  /** The input as last written (POST, PUT or an out-of-band edit), without auth_secret. */
  input: Record<string, unknown>;
  authSecretSet: boolean;
  status: MonitorStatus;
  createdAt: string;
  updatedAt: string;
  lastCheckAt: string | null;
  nextCheckAt: string | null;
}

export const INCIDENT_STATUSES = ['open', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_SEVERITIES = ['minor', 'major', 'critical'] as const;

export interface IncidentRecord {
  id: string;
  monitorId: string;
  status: IncidentStatus;
  severity: string;
  summary: string;
  openedAt: string;
  resolvedAt: string | null;
}

/** Separates the secret from the rest of an input; the secret itself is dropped. */
export function withoutSecret(input: Record<string, unknown>): { input: Record<string, unknown>; secretSet: boolean } {
  const { auth_secret: secret, ...rest } = input;
  return { input: rest, secretSet: typeof secret === 'string' && secret !== '' };
}

/** Placeholder standing for a secret that is set but not kept (so rules needing one pass). */
export const KEPT_SECRET = '(set)';

/**
 * The input after an out-of-band edit: `patch` fields replace stored ones. A secret that
 * was set counts as still set unless the patch changes it.
 */
export function mergeEdit(record: MonitorRecord, patch: Record<string, unknown>): Record<string, unknown> {
  return { ...record.input, ...(record.authSecretSet ? { auth_secret: KEPT_SECRET } : {}), ...patch };
}
