// The canonical form of a monitor input, used for comparing, fingerprinting and sending,
// so that equal meanings compare equal and no plan shows a perpetual diff:
// - null and absent are the same (the API treats an unset nullable field as null);
// - follow_redirects without a value is false (its default per spec);
//   keyword_case_sensitive has no stated default: unset stays unset, but compare.ts
//   takes a server's false for an unset one as the same;
// - headers: CRLF -> LF, blank lines dropped, each line `Name: value` with the name as
//   written and single spacing after the colon, trailing spaces trimmed;
// - tags and locations are sets: trimmed, empty items dropped, de-duplicated, sorted;
//   empty means unset.
import { MONITOR_FIELDS, type MonitorField } from '../schema/monitor-input-schema.js';

const BOOLEAN_DEFAULT_FALSE = new Set<string>(['follow_redirects']);
const FIELD_SET = new Set<string>(MONITOR_FIELDS);

export type Canonical = Record<string, unknown>;

/** Canonical value of one field, or undefined when it means "unset". */
export function canonicalField(field: string, value: unknown): unknown {
  if (value === null || value === undefined) return BOOLEAN_DEFAULT_FALSE.has(field) ? false : undefined;
  switch (field) {
    case 'headers':
      return typeof value === 'string' ? canonicalHeaders(value) : value;
    case 'tags':
      return typeof value === 'string' ? canonicalSet(value.split(','))?.join(',') : value;
    case 'locations':
      return Array.isArray(value) ? canonicalSet(value.map(String)) : value;
    default:
      return value;
  }
}

/** The canonical input: only monitor input fields, unset ones left out, keys in spec order. */
export function normalizeInput(input: Record<string, unknown>): Canonical {
  const out: Canonical = {};
  for (const field of MONITOR_FIELDS) {
    const value = canonicalField(field, input[field]);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

export function isInputField(field: string): field is MonitorField {
  return FIELD_SET.has(field);
}

function canonicalHeaders(text: string): string | undefined {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      return colon < 0 ? line : `${line.slice(0, colon).trim()}: ${line.slice(colon + 1).trim()}`;
    });
  return lines.length > 0 ? lines.join('\n') : undefined;
}

function canonicalSet(items: string[]): string[] | undefined {
  const set = [...new Set(items.map((s) => s.trim()).filter((s) => s !== ''))].sort();
  return set.length > 0 ? set : undefined;
}
