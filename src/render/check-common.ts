// What the views of a check report share: the summary line and the order of results
// (problems first: down, degraded, not checked, then up; the YAML order within each).
import type { CheckReport, CheckResult, CheckStatus, CheckSummary } from '../check/types.js';

export const STATUS_LABEL: Readonly<Record<CheckStatus, string>> = {
  up: 'up',
  degraded: 'degraded',
  down: 'down',
  not_checked: 'not checked',
};

const RANK: Readonly<Record<CheckStatus, number>> = { down: 0, degraded: 1, not_checked: 2, up: 3 };

export function summarize(results: readonly CheckResult[]): CheckSummary {
  const summary: CheckSummary = { up: 0, degraded: 0, down: 0, not_checked: 0 };
  for (const r of results) summary[r.status] += 1;
  return summary;
}

/**
 * `Check: 3 up, 1 degraded, 1 down, 2 not checked.` With `environment` (the Markdown view,
 * which has no other heading, as the plan's): `Check in staging: ...`, `Nothing to check in staging.`
 */
export function checkSummaryLine(report: CheckReport, environment?: string | null): string {
  const s = report.summary;
  const where = environment ? ` in ${environment}` : '';
  if (report.results.length === 0) return `Nothing to check${where}.`;
  return `Check${where}: ${s.up} up, ${s.degraded} degraded, ${s.down} down, ${s.not_checked} not checked.`;
}

export function problemsFirst(results: readonly CheckResult[]): CheckResult[] {
  return results
    .map((r, i) => ({ r, i }))
    .sort((a, b) => RANK[a.r.status] - RANK[b.r.status] || a.i - b.i)
    .map(({ r }) => r);
}
