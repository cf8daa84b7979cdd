// Comparing what the YAML wants with what the server returns. Only monitor input fields
// the live object actually carries are compared (a spec-only listing has type, url,
// method, interval_seconds and timeout_seconds; richer servers return more); unknown
// extras are ignored, secrets are never returned.
import equal from 'fast-deep-equal';
import { sameUrl } from '../model/canonical-url.js';
import type { LiveMonitor } from '../model/monitor.js';
import { MONITOR_FIELDS, SECRET_FIELDS } from '../schema/monitor-input-schema.js';
import { nameKey } from './match.js';
import { canonicalField } from './normalize.js';

const COMPARABLE = MONITOR_FIELDS.filter((f) => !SECRET_FIELDS.includes(f));

export interface VisibleDiff {
  field: string;
  old: unknown;
  new: unknown;
}

/** Fields the live object returns whose canonical value differs from the body's. */
export function visibleDiffs(body: Record<string, unknown>, live: LiveMonitor): VisibleDiff[] {
  const diffs: VisibleDiff[] = [];
  for (const field of COMPARABLE) {
    if (!Object.prototype.hasOwnProperty.call(live, field)) continue;
    const liveValue = canonicalField(field, live[field]);
    const wanted = canonicalField(field, body[field]);
    if (!sameMeaning(field, liveValue, wanted)) diffs.push({ field, old: liveValue, new: wanted });
  }
  return diffs;
}

/**
 * A server may report an unset field as false, [], "" or null (and may give back null for
 * a "" it was sent), a name in another Unicode normal form, a URL in its normal form, or
 * header names in another case (HTTP header names are case-insensitive). None of these is
 * a change; comparing them literally would replace the monitor on every plan.
 */
function sameMeaning(field: string, live: unknown, wanted: unknown): boolean {
  if (isEmptyValue(live) && isEmptyValue(wanted)) return true;
  if (field === 'name' && typeof live === 'string' && typeof wanted === 'string')
    return nameKey(live) === nameKey(wanted);
  if (field === 'url' && typeof live === 'string' && typeof wanted === 'string') return sameDestination(live, wanted);
  if (field === 'headers' && typeof live === 'string' && typeof wanted === 'string')
    return headerNamesLowered(live) === headerNamesLowered(wanted);
  return equal(live, wanted);
}

/** What a server may return for a field that is not set (canonical values: null is already undefined). */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === false || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Canonical header lines with each name in lower case. */
function headerNamesLowered(headers: string): string {
  return headers
    .split('\n')
    .map((line) => {
      const colon = line.indexOf(':');
      return colon < 0 ? line : `${line.slice(0, colon).toLowerCase()}${line.slice(colon)}`;
    })
    .join('\n');
}

/** `https://Shop.example.com` and `https://shop.example.com/` are one destination; so are host names in any case. */
function sameDestination(a: string, b: string): boolean {
  if (a === b) return true;
  if (!a.includes('://') || !b.includes('://')) return a.toLowerCase() === b.toLowerCase();
  return sameUrl(a, b);
}

/**
 * How a URL the server returns in normal form may have been written when it was sent: as
 * is, or without the "/" a server adds to a bare origin (`https://shop.example.com`).
 * Lets the planner recognise, through the lock's hash, the URL it applied.
 */
export function urlSpellings(live: string): string[] {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+\/$/i.test(live) ? [live, live.slice(0, -1)] : [live];
}

export function visibleDifferences(body: Record<string, unknown>, live: LiveMonitor): string[] {
  return visibleDiffs(body, live).map((d) => d.field);
}
