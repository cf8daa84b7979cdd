// Comparisons made while the listing runs: each live monitor of a page against the desired
// monitor of its name, as planChanges compares a pair it matched. planChanges takes one
// only for that very pair and lock record, without a rename; any other match (an `id:` pin,
// a `moved` entry, a duplicate name) it compares itself.
import type { LockFile } from '../lock/types.js';
import type { DesiredMonitor, LiveMonitor } from '../model/monitor.js';
import { nameKey } from './match.js';
import { compareMatched } from './compare-matched.js';
import type { ComparedAhead } from './planner.js';
import type { PreparedDesired } from './prepare.js';

export type PageComparer = (page: readonly LiveMonitor[], into: Map<LiveMonitor, ComparedAhead>) => void;

export function comparerFor(
  desired: readonly DesiredMonitor[],
  prepared: ReadonlyMap<DesiredMonitor, PreparedDesired>,
  lock: LockFile,
): PageComparer {
  const byName = new Map(desired.map((d) => [nameKey(d.name), d]));
  const recordById = new Map(lock.monitors.map((r) => [r.id, r]));
  return (page, into) => {
    for (const l of page) {
      const d = byName.get(nameKey(l.name));
      const p = d && prepared.get(d);
      if (!d || !p) continue;
      const record = recordById.get(l.id);
      into.set(l, { desired: d, record, change: compareMatched(d, p, l, record, undefined) });
    }
  };
}
