// Comparing what the YAML wants with what the server returns. Only monitor input fields
// the live object actually carries are compared (a spec-only listing has type, url,
// method, interval_seconds and timeout_seconds; richer servers return more); unknown
// extras are ignored, secrets are never returned.
import equal from 'fast-deep-equal';
import type { LiveMonitor } from '../model/monitor.js';
import { MONITOR_FIELDS, SECRET_FIELDS } from '../schema/monitor-input-schema.js';
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

/** A server may report an unset boolean as false, an unset list as [], or a URL in its normal form. */
function sameMeaning(field: string, live: unknown, wanted: unknown): boolean {
  if (wanted === undefined && (live === false || (Array.isArray(live) && live.length === 0))) return true;
  if (field === 'url' && typeof live === 'string' && typeof wanted === 'string') return sameDestination(live, wanted);
  return equal(live, wanted);
}

/** `https://Shop.example.com` and `https://shop.example.com/` are one destination; so are host names in any case. */
function sameDestination(a: string, b: string): boolean {
  if (a === b) return true;
  if (!a.includes('://') || !b.includes('://')) return a.toLowerCase() === b.toLowerCase();
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

export function visibleDifferences(body: Record<string, unknown>, live: LiveMonitor): string[] {
  return visibleDiffs(body, live).map((d) => d.field);
}
