// The reads of a plan (the listing, /account, /incidents), started as early as possible,
// and the work done on each page of the listing as it arrives: its part of the live
// fingerprint, and, once the desired side is prepared, the comparisons planChanges would
// make (src/plan/compare-ahead.ts). With latency the listing is the longest part of a
// plan: what is done page by page is not left to do after the last one.
import type { ApiClient } from '../api/client.js';
import type { LiveMonitor } from '../model/monitor.js';
import type { PageComparer } from '../plan/compare-ahead.js';
import { liveLine } from '../plan/fingerprint.js';
import type { ComparedAhead } from '../plan/planner.js';
import { readPlanContext, type PlanContext } from './context.js';
import type { StepMarker } from './request.js';

export interface Reads {
  result(): Promise<[LiveMonitor[], PlanContext]>;
  /** Each live monitor's part of the live fingerprint. */
  liveLines: ReadonlyMap<LiveMonitor, string>;
  /** The comparisons made so far (see compareWith). */
  compared: ReadonlyMap<LiveMonitor, ComparedAhead>;
  /** Compares each page from now on as it arrives; the pages already here meanwhile, one per turn of the event loop. */
  compareWith(compare: PageComparer): Promise<void>;
}

/** Starts the reads; a failure surfaces when the result is awaited, not as an unhandled rejection. */
export function startReads(api: ApiClient, step: StepMarker): Reads {
  const liveLines = new Map<LiveMonitor, string>();
  const compared = new Map<LiveMonitor, ComparedAhead>();
  const waiting: (readonly LiveMonitor[])[] = [];
  let comparer: PageComparer | undefined;
  const onPage = (monitors: readonly LiveMonitor[]) => {
    for (const monitor of monitors) liveLines.set(monitor, liveLine(monitor));
    if (comparer) comparer(monitors, compared);
    else waiting.push(monitors);
  };
  let pages = 0;
  const listing = step(
    () => `listing the live monitors${pages > 0 ? ` (${pages} page${pages === 1 ? '' : 's'} read)` : ''}`,
  );
  const pending = Promise.all([
    api.listMonitors({ onPage: (monitors) => (pages++, onPage(monitors)) }),
    readPlanContext(api),
  ]);
  void pending.then(listing, listing);
  return {
    result: () => pending,
    liveLines,
    compared,
    async compareWith(compare) {
      for (let page = waiting.shift(); page; page = waiting.shift()) {
        compare(page, compared);
        await new Promise((resolve) => setImmediate(resolve));
      }
      comparer = compare; // no await since the last look: no page can slip between
    },
  };
}
