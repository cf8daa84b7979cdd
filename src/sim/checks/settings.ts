// What the simulated checks do: how long after a create or replace a monitor gets its first
// check, and which status each check finds (rules by name or URL glob, then a default).
// One checker for the --check-rules file, the startSimServer option and PATCH /__sim/checks,
// so every source reports problems the same way and nothing is half-applied.
import { detail, patchProblems, type FieldCheck as Check } from '../settings-patch.js';
import { MONITOR_STATUSES, type MonitorStatus } from '../records.js';
import type { ErrorDetail } from '../validation.js';

export interface CheckRule {
  /** Glob on the monitor's name (as `check --name`: `*`, `?`, `[abc]`); both given = both must match. */
  name?: string;
  /** Glob on the monitor's url. */
  url?: string;
  status: MonitorStatus;
}

export interface CheckSettings {
  /** From a create or replace to the monitor's next check, in ms. */
  delayMs: number;
  /** The status a check finds when no rule matches. */
  default: MonitorStatus;
  /** First match wins. */
  rules: CheckRule[];
}

export const DEFAULT_CHECK_DELAY_MS = 2000;
export const MAX_CHECK_DELAY_MS = 86_400_000;
const MAX_RULES = 1000;
const MAX_GLOB = 2048;

export function defaultCheckSettings(): CheckSettings {
  return { delayMs: DEFAULT_CHECK_DELAY_MS, default: 'up', rules: [] };
}

const status: Check = (v) =>
  (MONITOR_STATUSES as readonly unknown[]).includes(v) ? undefined : `must be one of: ${MONITOR_STATUSES.join(', ')}`;
const FIELDS: Record<keyof CheckSettings, Check> = {
  delayMs: (v) =>
    Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_CHECK_DELAY_MS
      ? undefined
      : `must be an integer from 0 to ${MAX_CHECK_DELAY_MS}`,
  default: status,
  rules: (v) =>
    Array.isArray(v) && v.length <= MAX_RULES ? undefined : `must be an array of at most ${MAX_RULES} rules`,
};

/** The settings after `patch` (fields given replace the current ones; `rules` replaces the list), or the problems that refuse it. */
export function patchCheckSettings(
  current: CheckSettings,
  patch: unknown,
): { settings: CheckSettings } | { problems: ErrorDetail[] } {
  const problems = patchProblems(
    patch,
    FIELDS,
    'check setting',
    'the check settings must be a JSON object with any of: delayMs, default, rules',
  );
  const rules = (patch as { rules?: unknown } | null)?.rules;
  if (Array.isArray(rules)) rules.forEach((rule, i) => problems.push(...ruleProblems(rule, `rules/${i}`)));
  if (problems.length > 0) return { problems };
  return { settings: { ...current, ...(patch as Partial<CheckSettings>) } };
}

function ruleProblems(rule: unknown, where: string): ErrorDetail[] {
  const bad = (message: string) => [detail(where, 'admin.invalid', `${where}: ${message}`)];
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule))
    return bad('must be an object {name?, url?, status}');
  const r = rule as Record<string, unknown>;
  const unknown = Object.keys(r).find((k) => !['name', 'url', 'status'].includes(k));
  if (unknown) return bad(`unknown field "${unknown}"; expected name, url, status`);
  if (r.name === undefined && r.url === undefined)
    return bad('needs a name or url glob (use "default" for every other monitor)');
  for (const field of ['name', 'url'] as const) {
    const glob = r[field];
    if (glob !== undefined && (typeof glob !== 'string' || glob === '' || glob.length > MAX_GLOB))
      return bad(`${field} must be a glob of 1 to ${MAX_GLOB} characters`);
  }
  const why = status(r.status);
  return why ? bad(`status ${why}`) : [];
}
