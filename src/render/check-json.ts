// The machine view of a check report: versioned (format_version), results in the order of
// the YAML. Described in docs/checks.md.
import type { CheckReport } from '../check/types.js';

export function renderCheckJson(report: CheckReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
