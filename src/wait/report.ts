// What `apply --wait` reports: one value built from the follow result and the incidents,
// rendered as text lines (a line per monitor, its open incidents below it, notes, then a
// summary line) or as the `wait` member of `apply --format json`.
import type { Incident } from '../api/types.js';
import type { MonitorsError } from '../errors.js';
import { failureOf, type FinalState, type WaitAction } from './decide.js';
import { formatDuration } from './duration.js';
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

/** Text lines, to be passed through printable() (names and summaries come from the server). */
export function waitReportLines(report: WaitReport): string[] {
  const lines = [
    `Monitor status after the apply (waited ${formatDuration(report.elapsed_ms)} of at most ${formatDuration(report.timeout_ms)}):`,
  ];
  for (const m of report.monitors) {
    lines.push(`  ${statusColumn(m).padEnd(12)} "${m.name}" (${m.id})${detailOf(m, report)}`);
    for (const i of m.open_incidents)
      lines.push(`${' '.repeat(17)}open incident since ${i.opened_at} (${i.severity}): ${i.summary}`);
  }
  for (const note of report.notes) lines.push(`note: ${note}`);
  if (report.error) {
    lines.push(`error ${report.error.code}: the wait stopped: ${report.error.message}`);
    if (report.error.hint) lines.push(`  ${report.error.hint}`);
  }
  lines.push(summaryOf(report));
  return lines;
}

function statusColumn(m: MonitorWaitReport): string {
  if (m.gone) return 'gone';
  if (m.status === null) return 'unread';
  return m.status === 'unknown' ? `"${m.server_status}"` : m.status;
}

function detailOf(m: MonitorWaitReport, report: WaitReport): string {
  if (m.gone) return ': no longer exists (deleted since the apply)';
  if (m.status === null) return `: could not be read${m.error ? `: ${m.error}` : ''}`;
  const parts: string[] = [];
  if (m.status === 'unknown') parts.push('a status the spec does not list');
  if (!m.settled && m.status === 'pending')
    parts.push(
      report.interrupted ? 'still pending when the wait was interrupted' : 'still pending when the time ran out',
    );
  if (!m.settled && m.checked_since_change === false)
    parts.push('not checked since the change: this status is from before it');
  if (m.error) parts.push(`the last read failed: ${m.error}`);
  return parts.length > 0 ? `: ${parts.join('; ')}` : '';
}

function summaryOf(report: WaitReport): string {
  const counts = new Map<string, number>();
  for (const m of report.monitors) {
    const key = statusColumn(m) === 'pending' && !m.settled ? 'still pending' : statusColumn(m);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const tally = [...counts].map(([k, n]) => `${n} ${k}`).join(', ') || 'no monitors';
  const failing = report.monitors.filter((m) => m.failure !== null);
  const took = `(${formatDuration(report.elapsed_ms)})`;
  if (report.error) return `Wait failed: ${tally}. ${took}`;
  if (failing.length === 0) return `Wait ${report.interrupted ? 'interrupted' : 'complete'}: ${tally}. ${took}`;
  const names = failing
    .slice(0, 5)
    .map((m) => `"${m.name}" ${m.failure}`)
    .join(', ');
  const more = failing.length > 5 ? ` and ${failing.length - 5} more` : '';
  return `Wait failed: ${tally}; failing (--wait-fail-on ${report.fail_on.join(',') || 'none'}): ${names}${more}. ${took}`;
}
