// Checking a change of fault settings, whether it comes from flags, options or the admin
// endpoint: every problem is reported by field, nothing is half-applied.
import type { FaultSettings, OneShotFault } from './options.js';
import { detail, patchProblems, type FieldCheck as Check } from './settings-patch.js';
import type { ErrorDetail } from './validation.js';

const int =
  (min: number, max: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max
      ? undefined
      : `must be an integer from ${min} to ${max}`;
const share: Check = (v) => (typeof v === 'number' && v >= 0 && v <= 1 ? undefined : 'must be a number from 0 to 1');
const statuses: Check = (v) =>
  Array.isArray(v) && v.length > 0 && v.every((s) => Number.isInteger(s) && s >= 500 && s <= 599)
    ? undefined
    : 'must be a non-empty array of 5xx statuses';
const rps: Check = (v) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1_000_000
    ? undefined
    : 'must be a number of requests per second >= 0 (0 = unlimited)';
const burst: Check = (v) =>
  v === null || (typeof v === 'number' && Number.isFinite(v) && v >= 1 && v <= 1_000_000)
    ? undefined
    : 'must be null (the same as rateLimitRps) or a number of requests from 1 to 1000000';
const rateWindow: Check = (v) => {
  if (v === null) return undefined;
  const why = 'must be null (the token bucket) or {"requests": 1..1000000000, "seconds": more than 0, at most 86400}';
  if (typeof v !== 'object' || Array.isArray(v) || Object.keys(v).some((k) => k !== 'requests' && k !== 'seconds'))
    return why;
  const { requests, seconds } = v as { requests?: unknown; seconds?: unknown };
  if (!Number.isInteger(requests) || (requests as number) < 1 || (requests as number) > 1_000_000_000) return why;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 && seconds <= 86_400 ? undefined : why;
};
const listing: Check = (v) => (v === 'spec' || v === 'full' ? undefined : 'must be "spec" or "full"');

const CHECKS: Record<keyof FaultSettings, Check> = {
  latencyMs: int(0, 60_000),
  jitterMs: int(0, 60_000),
  errorRate: share,
  errorStatuses: statuses,
  dropRate: share,
  holdWritesMs: int(0, 600_000),
  rateLimitRps: rps,
  rateLimitBurst: burst,
  rateLimitWindow: rateWindow,
  listingMode: listing,
  next: (v) => (Array.isArray(v) ? undefined : 'must be an array of one-shot faults'),
};

/** The settings after `patch`, or the problems that refuse it. */
export function patchFaults(
  current: FaultSettings,
  patch: unknown,
): { faults: FaultSettings } | { problems: ErrorDetail[] } {
  const problems = patchProblems(patch, CHECKS, 'fault setting', 'the body must be a JSON object of fault settings');
  const next = (patch as { next?: unknown } | null)?.next;
  if (Array.isArray(next)) next.forEach((item, i) => problems.push(...oneShotProblems(item, `next/${i}`)));
  if (problems.length > 0) return { problems };
  return { faults: { ...current, ...(patch as Partial<FaultSettings>) } };
}

function oneShotProblems(item: unknown, where: string): ErrorDetail[] {
  const bad = (message: string) => [detail('next', 'admin.invalid', `${where}: ${message}`)];
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return bad('must be an object');
  const f = item as Record<string, unknown>;
  const unknown = Object.keys(f).find((k) => !['method', 'path', 'fault', 'status', 'holdMs'].includes(k));
  if (unknown) return bad(`unknown field "${unknown}"`);
  if (!['error', 'drop', 'hold'].includes(f.fault as string)) return bad('fault must be "error", "drop" or "hold"');
  if (f.method !== undefined && (typeof f.method !== 'string' || !/^[A-Z]+$/.test(f.method)))
    return bad('method must be an upper-case HTTP method');
  if (f.path !== undefined && (typeof f.path !== 'string' || !f.path.startsWith('/')))
    return bad('path must start with "/" (below /api/v1)');
  if (f.status !== undefined && int(500, 599)(f.status)) return bad('status must be a 5xx status');
  if (f.holdMs !== undefined && int(0, 600_000)(f.holdMs)) return bad('holdMs must be an integer from 0 to 600000');
  return [];
}

export function oneShotMatches(fault: OneShotFault, method: string, path: string): boolean {
  if (fault.method !== undefined && fault.method !== method) return false;
  if (fault.path === undefined) return true;
  return path === fault.path || path.startsWith(`${fault.path.replace(/\/$/, '')}/`);
}
