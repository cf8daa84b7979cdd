// `check --format junit`: one test case per monitor checked, in one suite per environment.
// A down monitor is a failure with its reason; degraded (slower than slow_threshold_ms) and
// not checked are skipped cases with the reason, since neither fails the check (exit 0):
// the test report fails exactly when the command does. Described in docs/reports.md.
import type { CheckReport, CheckResult } from '../../check/types.js';
import { renderJunit, type JunitCase, type JunitVerdict } from './junit.js';
import { locationText } from '../../model/location-text.js';

export function renderCheckJunit(report: CheckReport): string {
  const suite = `monitors check${report.environment ? ` (${report.environment})` : ''}`;
  return renderJunit('monitors check', [
    { name: suite, cases: report.results.map((r) => checkCase(r, report.environment)) },
  ]);
}

function checkCase(r: CheckResult, environment: string | null): JunitCase {
  return {
    name: r.name,
    // The environment and the file it is written in: how CI systems group cases.
    classname: `${environment ? `${environment}.` : ''}${r.source.file}`,
    seconds: (r.duration_ms ?? 0) / 1000,
    verdict: verdict(r),
    output: `${r.type} ${r.target}: ${r.status.replace('_', ' ')}, ${r.reason} (${locationText(r.source)})`,
  };
}

function verdict(r: CheckResult): JunitVerdict {
  switch (r.status) {
    case 'up':
      return { kind: 'passed' };
    case 'down':
      return { kind: 'failure', type: 'down', message: r.reason };
    case 'degraded':
      return { kind: 'skipped', type: 'degraded', message: `degraded: ${r.reason}` };
    case 'not_checked':
      return { kind: 'skipped', type: 'not_checked', message: `not checked: ${r.reason}` };
  }
}
