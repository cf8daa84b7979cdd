// The words of `apply --wait`'s report (src/wait builds it as data and writes nothing): one
// line per followed monitor with its open incidents, the notes, and the summary; and the
// progress lines said while it follows them.
import { formatDuration } from '../wait/duration.js';
import type { WaitProgress } from '../wait/after-apply.js';
import type { MonitorWaitReport, WaitReport } from '../wait/report.js';

/** A progress line of the wait, as it happens (to be passed through printable(): names are anyone's). */
export function waitProgressLine(event: WaitProgress): string {
  if (event.kind === 'waiting') {
    const what = event.monitors === 1 ? '1 monitor' : `${event.monitors} monitors`;
    return `Waiting up to ${formatDuration(event.timeoutMs)} for ${what} to be checked...`;
  }
  return `  ${event.status.padEnd(12)} "${event.name}" after ${formatDuration(event.afterMs)}`;
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
