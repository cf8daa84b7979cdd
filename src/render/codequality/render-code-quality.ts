// `validate --format codequality`: the findings as GitLab's Code Quality report (a JSON
// array of issues: description, check_name, fingerprint, severity, location.path and
// location.lines.begin), which the merge request widget compares with the target branch's
// by fingerprint. Severities: error -> major, warning -> minor, info -> info (an error
// stops plan and apply, but no finding here is a security hole: critical and blocker are
// left for those). Described in docs/reports.md.
import { fingerprints } from '../findings/fingerprint.js';
import { ruleInfo, type PolicyRuleInfo } from '../findings/rules.js';
import type { Finding } from '../findings/types.js';

const SEVERITY: Readonly<Record<Finding['severity'], 'major' | 'minor' | 'info'>> = {
  error: 'major',
  warning: 'minor',
  info: 'info',
};

/** `policyRules`: the set's rules, so that a violation's body is its rule's own description. */
export function renderCodeQuality(findings: readonly Finding[], policyRules: readonly PolicyRuleInfo[] = []): string {
  const prints = fingerprints(findings);
  const issues = findings.map((f, i) => ({
    type: 'issue',
    description: `${f.code}: ${f.message}`,
    check_name: f.code,
    content: { body: body(ruleInfo(f.code, policyRules)) },
    fingerprint: prints[i]!,
    severity: SEVERITY[f.severity],
    // GitLab needs a line; a problem with a path as a whole is shown at its first.
    location: { path: f.path, lines: { begin: Math.max(1, f.line) } },
  }));
  return `${JSON.stringify(issues, null, 2)}\n`;
}

const body = (info: { description: string; helpUri: string }): string => `${info.description} See ${info.helpUri}`;
