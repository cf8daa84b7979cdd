// The annotations users of gatus-sidecar (home-operations/gatus-sidecar, README "Template
// merging" and "URL derivation") already have on their resources, read so that moving to
// monitors-as-code needs no second set. Of `gatus.home-operations.com/endpoint` (a YAML
// fragment of a Gatus endpoint) the parts with a meaning here are taken: `name`, `url` (the
// whole URL), `path` (replaces the derived path; "" is the bare host), `interval` (a Go
// duration, whole seconds, at least the API's minimum) and the `conditions` on `[STATUS]`
// (==, <, <=, >, >=: the expected status range). Everything else (alerts, client, dns,
// guarded, other conditions) is named in a note and left out. `.../enabled` other than
// "true" or "1" turns the resource off, as it does in gatus-sidecar.
// A monitors.dev/ annotation wins over the same part here.
import jsyaml from 'js-yaml';
import { YAML_CORE_SCHEMA } from '../load/parse/core-schema.js';
import { monitorInputProperties } from '../schema/monitor-input-schema.js';

export const GATUS_ENDPOINT = 'gatus.home-operations.com/endpoint';
export const GATUS_ENABLED = 'gatus.home-operations.com/enabled';

export interface GatusParts {
  enabled?: boolean;
  name?: string;
  url?: string;
  path?: string;
  fields: Record<string, number>;
  /** What was left out, and why, one line each. */
  notes: string[];
}

const MIN_INTERVAL = monitorInputProperties.interval_seconds.minimum;
const UNIT_SECONDS: Readonly<Record<string, number>> = {
  h: 3600,
  m: 60,
  s: 1,
  ms: 0.001,
  us: 1e-6,
  µs: 1e-6,
  ns: 1e-9,
};

export function readGatus(annotations: Readonly<Record<string, string>>): GatusParts {
  const parts: GatusParts = { fields: {}, notes: [] };
  const enabled = annotations[GATUS_ENABLED];
  if (enabled !== undefined) parts.enabled = enabled === 'true' || enabled === '1';
  const text = annotations[GATUS_ENDPOINT];
  if (text === undefined) return parts;
  let value: unknown;
  try {
    value = jsyaml.load(text, { schema: YAML_CORE_SCHEMA });
  } catch {
    parts.notes.push(`${GATUS_ENDPOINT} is not YAML; it was left out`);
    return parts;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    if (value !== null && value !== undefined) parts.notes.push(`${GATUS_ENDPOINT} is not a mapping; it was left out`);
    return parts;
  }
  const left: string[] = [];
  for (const [key, part] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'name' && typeof part === 'string' && part.trim().length >= 2) parts.name = part.trim();
    else if (key === 'url' && typeof part === 'string' && /^https?:\/\//i.test(part)) parts.url = part;
    else if (key === 'path' && (typeof part === 'string' || part === null)) parts.path = part ? part : '/';
    else if (key === 'interval') readInterval(part, parts);
    else if (key === 'conditions') readConditions(part, parts);
    else left.push(key);
  }
  if (left.length > 0)
    parts.notes.push(`${GATUS_ENDPOINT}: ${left.sort().join(', ')} left out (no meaning for a monitor here)`);
  return parts;
}

function readInterval(part: unknown, parts: GatusParts): void {
  const seconds = typeof part === 'string' ? goDuration(part) : undefined;
  if (seconds !== undefined && Number.isInteger(seconds) && seconds >= MIN_INTERVAL)
    parts.fields.interval_seconds = seconds;
  else
    parts.notes.push(
      `${GATUS_ENDPOINT}: interval ${JSON.stringify(part)} left out (a whole number of seconds of at least ${MIN_INTERVAL} is needed; defaults: decide)`,
    );
}

/** Seconds of a Go duration (`90s`, `5m`, `1h30m`), or undefined. */
export function goDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^(?:\d+(?:\.\d+)?(?:h|m|s|ms|us|µs|ns))+$/.test(trimmed)) return undefined;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/g))
    total += Number(amount) * UNIT_SECONDS[unit!]!;
  return Math.round(total * 1000) / 1000;
}

const STATUS = /^\[STATUS\]\s*(==|<=|>=|<|>)\s*(\d{3})$/;

function readConditions(part: unknown, parts: GatusParts): void {
  const list = typeof part === 'string' ? [part] : Array.isArray(part) ? part : [];
  let min: number | undefined;
  let max: number | undefined;
  const left: string[] = [];
  for (const condition of list) {
    const match = typeof condition === 'string' ? STATUS.exec(condition.trim()) : null;
    if (!match) {
      left.push(String(condition));
      continue;
    }
    const code = Number(match[2]);
    const op = match[1];
    if (op === '==' || op === '>=' || op === '>') min = Math.max(min ?? 100, op === '>' ? code + 1 : code);
    if (op === '==' || op === '<=' || op === '<') max = Math.min(max ?? 599, op === '<' ? code - 1 : code);
  }
  if (min !== undefined) parts.fields.expected_status_min = min;
  if (max !== undefined) parts.fields.expected_status_max = max;
  if (left.length > 0)
    parts.notes.push(
      `${GATUS_ENDPOINT}: conditions ${left.map((c) => JSON.stringify(c)).join(', ')} left out (only [STATUS] comparisons are taken)`,
    );
}
