// What `apply --wait` reports: one value built from the follow result and the incidents,
// rendered as text lines (a line per monitor, its open incidents below it, notes, then a
// summary line) or as the `wait` member of `apply --format json`.
import type { Incident } from '../api/types.js';
import type { MonitorsError } from '../errors.js';
import { failureOf, type FinalState, type WaitAction } from './decide.js';
import type { FollowResult } from './follow.js';
import type { OpenIncidents } from './incidents.js';

export interface MonitorWaitReport {
  id: string;
  name: string;
  action: WaitAction;
  /** A spec status, `unknown` (outside the spec), or null when it could not be read. */
  status: string | null;
  /** The status as the server sent it. */
  server_status: string | null;
  /** Left pending (and, for a replace, checked since the change) before the wait ended. */
  settled: boolean;
  /** Replaced monitors: the status comes from a check after the change; null when the server does not say. */
  checked_since_change: boolean | null;
  last_check_at: string | null;
  gone: boolean;
  error: string | null;
  /** Why this monitor fails the wait (a --wait-fail-on status, or unreadable); null when it does not. */
  failure: string | null;
  open_incidents: { id: string; status: string; severity: string; summary: string; opened_at: string }[];
}

export interface WaitReport {
  timeout_ms: number;
  elapsed_ms: number;
  timed_out: boolean;
  interrupted: boolean;
  fail_on: string[];
  failed: boolean;
  monitors: MonitorWaitReport[];
  notes: string[];
  /** A token problem that ended the wait early (`hint`: what to do, naming the token's variable). */
  error: { code: string; message: string; hint?: string } | null;
}

export function buildWaitReport(
  result: FollowResult,
  incidents: OpenIncidents | undefined,
  failOn: readonly string[],
  timeoutMs: number,
): WaitReport {
  const monitors = result.states.map((state) =>
    monitorReport(state, incidents?.byMonitor.get(state.target.id) ?? [], failOn),
  );
  const notes = incidents?.note ? [incidents.note] : [];
  const fatal: MonitorsError | undefined = result.fatal;
  return {
    timeout_ms: timeoutMs,
    elapsed_ms: result.elapsedMs,
    timed_out: result.timedOut,
    interrupted: result.interrupted,
    fail_on: [...failOn],
    failed: fatal !== undefined || monitors.some((m) => m.failure !== null),
    monitors,
    notes,
    error: fatal ? { code: fatal.code, message: fatal.message, ...(fatal.hint ? { hint: fatal.hint } : {}) } : null,
  };
}

function monitorReport(
  state: FinalState,
  incidents: readonly Incident[],
  failOn: readonly string[],
): MonitorWaitReport {
  const a = state.assessment;
  return {
    id: state.target.id,
    name: state.target.name,
    action: state.target.action,
    status: a ? a.status.key : null,
    server_status: a ? a.status.shown : null,
    settled: Boolean(state.gone) || (a?.settled ?? false),
    checked_since_change: a?.checkedSinceChange ?? null,
    last_check_at: a?.lastCheckAt ?? null,
    gone: state.gone ?? false,
    error: state.error ?? null,
    failure: failureOf(state, failOn) ?? null,
    open_incidents: incidents.map((i) => ({
      id: i.id,
      status: String(i.status),
      severity: String(i.severity),
      summary: String(i.summary),
      opened_at: String(i.opened_at),
    })),
  };
}
