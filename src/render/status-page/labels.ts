// The words of the status page for each category, in the order the summary and the status
// filter list them (the problems first, as the text view orders rows).
import type { PageCategory } from '../../status/page-data.js';

export const CATEGORY_LABEL: Readonly<Record<PageCategory, string>> = {
  down: 'down',
  degraded: 'degraded',
  unknown: 'another status',
  awaiting_allowlist: 'awaiting allowlist',
  pending: 'pending',
  deleted: 'deleted outside the tool',
  not_created: 'not created',
  maintenance: 'maintenance',
  paused: 'paused',
  up: 'up',
};

export const CATEGORIES = Object.keys(CATEGORY_LABEL) as PageCategory[];

/** Always in the summary, even at 0; the others only when present. */
export const ALWAYS_COUNTED: ReadonlySet<PageCategory> = new Set([
  'up',
  'degraded',
  'down',
  'paused',
  'not_created',
  'deleted',
]);

/** `99.95%`: two decimals below 100, never rounded up to 100 while there was an incident. */
export function percent(share: number): string {
  if (share >= 1) return '100%';
  return `${(Math.floor(share * 10_000) / 100).toFixed(2)}%`;
}
