// Monitor statuses as the spec lists them (2.2), read defensively: a server may spell them
// otherwise (case, hyphens, spaces) or answer a status the spec does not list. Such a
// status counts as having left `pending` and is reported as it came; `--wait-fail-on`
// names it `unknown`.
import { MonitorsError } from '../errors.js';

export const SPEC_STATUSES = [
  'pending',
  'up',
  'degraded',
  'down',
  'paused',
  'maintenance',
  'awaiting_allowlist',
] as const;
export type SpecStatus = (typeof SPEC_STATUSES)[number];

/** Statuses that are the result of a check (the others are states a check does not set). */
export const CHECK_RESULTS: ReadonlySet<string> = new Set(['up', 'degraded', 'down']);

export interface StatusOf {
  /** A spec status, or `unknown`. */
  key: SpecStatus | 'unknown';
  /** What the server sent, as text (for the report). */
  shown: string;
}

export function statusOf(raw: unknown): StatusOf {
  const shown = typeof raw === 'string' ? raw : raw === undefined ? '(none)' : JSON.stringify(raw);
  if (typeof raw !== 'string') return { key: 'unknown', shown };
  const spelled = raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const key = (SPEC_STATUSES as readonly string[]).includes(spelled) ? (spelled as SpecStatus) : 'unknown';
  return { key, shown };
}

export const DEFAULT_FAIL_ON: readonly string[] = ['down'];
const FAIL_ON_VALUES = [...SPEC_STATUSES, 'unknown'];

/** `--wait-fail-on down,degraded`: the statuses that make the wait fail; "none" for none. */
export function parseFailOn(raw: string): string[] {
  const text = raw.trim().toLowerCase();
  if (text === 'none') return [];
  const values = [...new Set(text.split(',').map((v) => v.trim().replace(/[\s-]+/g, '_')))];
  const bad = values.filter((v) => !FAIL_ON_VALUES.includes(v));
  if (bad.length > 0 || values.length === 0) {
    throw new MonitorsError(
      'BAD_OPTION',
      `--wait-fail-on takes a comma-separated list of ${FAIL_ON_VALUES.join(', ')} (or "none"), not "${raw.slice(0, 60)}"`,
    );
  }
  return values;
}
