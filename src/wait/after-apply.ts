// `apply --wait`: after the writes, follow the monitors the apply created or replaced,
// then read their open incidents, and build the report. The executor knows nothing of it.
import type { MonitorsApi } from '../api/types.js';
import type { ApplyResult } from '../apply/types.js';
import type { Plan } from '../plan/types.js';
import type { WaitTarget } from './decide.js';
import { followMonitors } from './follow.js';
import { readOpenIncidents } from './incidents.js';
import { buildWaitReport, type WaitReport } from './report.js';

export interface WaitOptions {
  timeoutMs: number;
  failOn: string[];
}

export interface WaitDeps {
  api: MonitorsApi;
  concurrency?: number;
  /** What the wait is doing, as it happens (src/render/wait-report.ts words it for stderr). */
  progress: (event: WaitProgress) => void;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The wait has begun (how many monitors, for how long at most), or one monitor settled. */
export type WaitProgress =
  | { kind: 'waiting'; monitors: number; timeoutMs: number }
  | { kind: 'settled'; name: string; status: string; afterMs: number };

/** The monitors a finished apply created or replaced (with their ids); none when nothing was applied. */
export function waitTargets(result: ApplyResult | undefined): WaitTarget[] {
  return (result?.outcomes ?? []).flatMap((o) =>
    o.ok && o.id && (o.change.action === 'create' || o.change.action === 'replace')
      ? [{ id: o.id, name: o.change.name, action: o.change.action }]
      : [],
  );
}

export async function waitAfterApply(
  plan: Plan,
  result: ApplyResult | undefined,
  options: WaitOptions,
  deps: WaitDeps,
): Promise<WaitReport> {
  const targets = waitTargets(result);
  if (targets.length > 0) deps.progress({ kind: 'waiting', monitors: targets.length, timeoutMs: options.timeoutMs });
  const followed = await followMonitors(targets, {
    api: deps.api,
    timeoutMs: options.timeoutMs,
    liveEstimate: plan.summary.unchanged + plan.summary.create + plan.summary.replace + plan.unmanaged.length,
    ...(deps.concurrency ? { concurrency: deps.concurrency } : {}),
    ...(deps.signal ? { signal: deps.signal } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    onSettled: (state, afterMs) => {
      const status = state.gone ? 'gone' : (state.assessment?.status.shown ?? '?');
      deps.progress({ kind: 'settled', name: state.target.name, status, afterMs });
    },
  });
  const incidents =
    targets.length > 0 && !followed.fatal
      ? await readOpenIncidents(deps.api, new Set(targets.map((t) => t.id)))
      : undefined;
  return buildWaitReport(followed, incidents, options.failOn, options.timeoutMs);
}
