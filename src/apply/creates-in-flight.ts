// The write-ahead record of creates: before the first create of an apply is sent, the lock
// file says which creates are going out (one write for all of them); once a create's
// outcome is known its entry goes. A create that may have taken without its record being
// written (the process killed with the request in flight, an answer lost and the retries
// spent) keeps its entry, and the next plan asks the listing (src/plan/pending-creates.ts).
import type { PendingCreate } from '../lock/types.js';
import { keyForGeneration } from '../plan/idempotency-key.js';
import { pendingEntryOf } from '../plan/pending-creates.js';
import type { PlannedChange } from '../plan/types.js';
import type { ChangeOutcome } from './types.js';

/** The entries of a plan's creates, as written at `now` (before any of them is sent). */
export function pendingEntries(changes: readonly PlannedChange[], now: number): PendingCreate[] {
  const since = new Date(now).toISOString();
  return changes.filter((c) => c.action === 'create').map((c) => pendingEntryOf(c, since));
}

/**
 * The keys of creates whose outcome is known: recorded, never sent, or refused outright by
 * an answer that no earlier attempt under the same key can have been committed before (the
 * body or the key is refused as such, the path does not exist). Anything else (no answer, a
 * 5xx, a 429 or 409 after retries, a 401 or 403 after an attempt that went unanswered, an
 * answer that did not take effect) may hide a create that took: its entry stays.
 */
export function settledCreateKeys(outcomes: readonly ChangeOutcome[]): string[] {
  return outcomes
    .filter((o) => o.change.action === 'create' && (o.ok || o.notStarted || refusedOutright(o.error?.code)))
    .map((o) => keyForGeneration(o.change, 0));
}

const REFUSED_OUTRIGHT = new Set([
  'API_BAD_REQUEST',
  'API_VALIDATION',
  'API_KEY_REUSED',
  'API_NOT_FOUND',
  'API_REDIRECTED',
]);

function refusedOutright(code: string | undefined): boolean {
  return code !== undefined && REFUSED_OUTRIGHT.has(code);
}
