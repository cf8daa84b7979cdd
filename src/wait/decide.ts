// The pure decisions of `apply --wait`: whether a reading of a monitor ends its wait, when
// to read again, how to read (one GET per monitor or the listing), and whether the result
// fails the run. Times are epoch milliseconds passed in: no clock in here.
import type { LiveMonitor } from '../model/monitor.js';
import { CHECK_RESULTS, statusOf, type StatusOf } from './status.js';

export type WaitAction = 'create' | 'replace';

export interface WaitTarget {
  id: string;
  name: string;
  action: WaitAction;
}

export interface Assessment {
  status: StatusOf;
  settled: boolean;
  /**
   * Replaced monitors: whether the status comes from a check after the change
   * (last_check_at >= updated_at); undefined when the server does not say.
   */
  checkedSinceChange?: boolean;
  lastCheckAt?: string | null;
}

/**
 * A monitor's wait ends when it has left `pending`. A replaced monitor keeps the status of
 * its old configuration until the server checks it again, so while the server shows a
 * check result (up, degraded, down) from before the change (last_check_at earlier than
 * updated_at, both from the same reading), it is not settled yet. Without those fields
 * the status alone decides. paused, maintenance, awaiting_allowlist and statuses outside
 * the spec are not check results: they end the wait as they are.
 */
export function assess(target: WaitTarget, monitor: LiveMonitor): Assessment {
  const status = statusOf(monitor.status);
  const lastCheckAt =
    typeof monitor.last_check_at === 'string' || monitor.last_check_at === null ? monitor.last_check_at : undefined;
  const base = { status, ...(lastCheckAt !== undefined ? { lastCheckAt } : {}) };
  if (status.key === 'pending') return { ...base, settled: false };
  if (target.action !== 'replace' || !CHECK_RESULTS.has(status.key)) return { ...base, settled: true };
  const fresh = checkedSince(monitor.last_check_at, monitor.updated_at);
  return { ...base, settled: fresh !== false, ...(fresh !== undefined ? { checkedSinceChange: fresh } : {}) };
}

function checkedSince(lastCheckAt: unknown, updatedAt: unknown): boolean | undefined {
  if (lastCheckAt === null) return false;
  const checked = typeof lastCheckAt === 'string' ? Date.parse(lastCheckAt) : NaN;
  const changed = typeof updatedAt === 'string' ? Date.parse(updatedAt) : NaN;
  if (Number.isNaN(checked) || Number.isNaN(changed)) return undefined;
  return checked >= changed;
}

/** The polling interval: 2 s, then 1.5 times longer each round, at most 15 s. */
export const FIRST_POLL_MS = 2000;
export const MAX_POLL_MS = 15_000;
const GROWTH = 1.5;

/**
 * How long to sleep after read number `round` (0 = the read right after the apply), or
 * undefined when the time is up. The last read falls on the deadline itself, so a wait of
 * 10 s reads at 0, 2, 5, 9.5 and 10 s.
 */
export function nextPollDelay(round: number, now: number, deadline: number): number | undefined {
  const left = deadline - now;
  if (left <= 0) return undefined;
  return Math.min(left, Math.round(Math.min(MAX_POLL_MS, FIRST_POLL_MS * GROWTH ** round)));
}

/**
 * One GET per monitor costs a request each; the listing costs one per page of 100. Read
 * each while that is not more requests than the listing would be.
 */
export function readByListing(unsettled: number, liveEstimate: number): boolean {
  return unsettled > Math.max(1, Math.ceil(liveEstimate / 100));
}

export interface FinalState {
  target: WaitTarget;
  /** The last reading's assessment; undefined when no reading succeeded. */
  assessment?: Assessment;
  /** The monitor was not found any more (deleted since the apply). */
  gone?: boolean;
  /** The last read error, when the last read failed. */
  error?: string;
}

/** Why one monitor fails the wait, or undefined. A monitor that could not be read at all fails it: nothing was confirmed. */
export function failureOf(state: FinalState, failOn: readonly string[]): string | undefined {
  if (state.gone) return undefined;
  if (!state.assessment) return `its status could not be read${state.error ? ` (${state.error})` : ''}`;
  const { key } = state.assessment.status;
  return failOn.includes(key) ? key : undefined;
}
