// `status --format junit`: one test case per managed monitor, in one suite per environment.
// Down is a failure with its open incidents (or the status) as the reason. Degraded is a
// failure under `--fail-on degraded` and a skipped case otherwise, as are the statuses a
// check has not concluded (pending, paused, maintenance, awaiting_allowlist, one the spec
// does not list) and a monitor not created: a case fails when the monitor is down or fails
// the run. Status measures no time: every case takes 0 s. Described in docs/reports.md.
import type { StatusReport, StatusRow } from '../../status/types.js';
import { rowNotes, statusLabel } from '../status-common.js';
import { renderJunit, type JunitCase, type JunitVerdict } from './junit.js';

export function renderStatusJunit(report: StatusReport): string {
  const suite = `monitors status${report.environment ? ` (${report.environment})` : ''}`;
  return renderJunit('monitors status', [
    { name: suite, cases: report.monitors.map((row) => statusCase(row, report.environment)) },
  ]);
}

function statusCase(row: StatusRow, environment: string | null): JunitCase {
  const checked = row.last_check_at ? `last checked ${row.last_check_at}` : 'not checked yet';
  return {
    name: row.name,
    classname: `status.${environment ?? 'default'}`,
    seconds: 0,
    verdict: verdict(row),
    output: [`${statusLabel(row)}${row.id ? ` (id ${row.id})` : ''}, ${checked}`, ...rowNotes(row)].join('; '),
  };
}

function verdict(row: StatusRow): JunitVerdict {
  if (row.status === 'up') return { kind: 'passed' };
  const label = statusLabel(row);
  const reason = `${label}${incidents(row)}`;
  if (row.status === 'down' || row.failing) return { kind: 'failure', type: label, message: reason };
  return { kind: 'skipped', type: row.status ?? 'not_created', message: [reason, ...rowNotes(row)].join('; ') };
}

/** `: open incident "checkout 502s" since 2026-05-01T10:00:00Z`, for each open incident. */
function incidents(row: StatusRow): string {
  const open = row.open_incidents ?? [];
  if (open.length === 0) return '';
  return `: ${open.map((i) => `open incident "${i.summary}" since ${i.opened_at}`).join(', ')}`;
}
