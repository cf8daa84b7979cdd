// The machine view of a status report: the report as it is (format_version first, then
// environment), rows in name order. Described in docs/status.md.
import type { StatusReport } from '../status/types.js';

export function renderStatusJson(report: StatusReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
