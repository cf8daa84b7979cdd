// `validate --format codequality`: the findings as GitLab's Code Quality report (a JSON
// array of issues: description, check_name, fingerprint, severity, location.path and
// location.lines.begin), which the merge request widget compares with the target branch's
// by fingerprint. Severities: error -> major, warning -> minor, info -> info (an error
// stops plan and apply, but no finding here is a security hole: critical and blocker are
// left for those). Described in docs/reports.md.
import { fingerprints } from '../findings/fingerprint.js';
import { ruleInfo } from '../findings/rules.js';
import type { Finding } from '../findings/types.js';

const SEVERITY: Readonly<Record<Finding['severity'], 'major' | 'minor' | 'info'>> = {
  error: 'major',
  warning: 'minor',
  info: 'info',
};

export function renderCodeQuality(findings: readonly Finding[]): string {
  const prints = fingerprints(findings);
  const issues = findings.map((f, i) => ({
    type: 'issue',
    description: `${f.code}: ${f.message}`,
    check_name: f.code,
    content: { body: `${ruleInfo(f.code).description} See ${ruleInfo(f.code).helpUri}` },
    fingerprint: prints[i]!,
    severity: SEVERITY[f.severity],
    // GitLab needs a line; a problem with a path as a whole is shown at its first.
    location: { path: f.path, lines: { begin: Math.max(1, f.line) } },
  }));
  return `${JSON.stringify(issues, null, 2)}\n`;
}
