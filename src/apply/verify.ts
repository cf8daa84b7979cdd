// Which writes must be verified after an apply (a replayed response may name a monitor that no
// longer matches).
import type { LiveMonitor } from '../model/monitor.js';
import { visibleDifferences } from '../plan/compare.js';
import type { PlannedChange } from '../plan/types.js';
import type { ChangeOutcome } from './types.js';

export interface Suspect {
  outcome: ChangeOutcome;
  why: string;
  /** The monitor the write names is not in the listing at all (else: it shows other values). */
  missing: boolean;
}

/**
 * Writes whose effect the listing does not show. A content-derived key can be answered
 * with a stored response after the monitor was deleted or edited out of band: the
 * stored 201 names a monitor that is gone, or a "replayed" PUT left other values live.
 * Only what the listing returns can be checked; fields it hides are trusted.
 */
export function unverifiedWrites(
  outcomes: readonly ChangeOutcome[],
  bodies: ReadonlyMap<PlannedChange, Record<string, unknown>>,
  live: readonly LiveMonitor[],
): Suspect[] {
  const byId = new Map(live.map((m) => [m.id, m]));
  const suspects: Suspect[] = [];
  for (const outcome of outcomes) {
    const monitor = outcome.id ? byId.get(outcome.id) : undefined;
    if (!monitor) {
      suspects.push({
        outcome,
        why: `monitor ${outcome.id ?? '(no id)'} is not in the listing after the write`,
        missing: true,
      });
      continue;
    }
    const differing = visibleDifferences(bodies.get(outcome.change) ?? {}, monitor);
    if (differing.length > 0)
      suspects.push({ outcome, why: `the listing still differs in ${differing.join(', ')}`, missing: false });
  }
  return suspects;
}
