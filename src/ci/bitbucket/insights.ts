// Validate's findings as Code Insights: one report per path (passed or failed, with the
// counts) and one annotation per finding on its file and line, in each host's shape:
// Bitbucket Cloud's `report` and `report_annotation` (API 2.0), Data Center's report and
// annotations (/rest/insights/1.0). Their documented limits: at most 1000 annotations per
// report, sent 100 at a time; Cloud's summary up to 450 characters, Data Center's message
// up to 2000; a report's details up to 2000. Pure.
import { clip, findingsSummary, type SarifFinding } from './sarif-findings.js';

export const MAX_ANNOTATIONS = 1000;
export const ANNOTATIONS_PER_REQUEST = 100;

const CLOUD_SEVERITY = { error: 'HIGH', warning: 'MEDIUM', note: 'LOW' } as const;
const DC_SEVERITY = { error: 'HIGH', warning: 'MEDIUM', note: 'LOW' } as const;

function details(findings: readonly SarifFinding[]): string {
  const more = findings.length > MAX_ANNOTATIONS ? ` (the first ${MAX_ANNOTATIONS} annotated)` : '';
  return clip(
    `Validate's findings, policy included: ${findingsSummary(findings)}${more}. Each is on its file and line in the diff.`,
    2000,
  );
}

const errorCount = (findings: readonly SarifFinding[]) => findings.filter((f) => f.level === 'error').length;

/** The body of PUT /2.0/repositories/{workspace}/{repo_slug}/commit/{commit}/reports/{reportId}. */
export function cloudReport(title: string, findings: readonly SarifFinding[], link: string | undefined) {
  const errors = errorCount(findings);
  return {
    type: 'report',
    title,
    details: details(findings),
    report_type: 'BUG',
    reporter: 'monitors',
    result: errors > 0 ? 'FAILED' : 'PASSED',
    data: [
      { type: 'NUMBER', title: 'Errors', value: errors },
      { type: 'NUMBER', title: 'Warnings', value: findings.length - errors },
    ],
    ...(link ? { link } : {}),
  };
}

/** The bodies of POST .../reports/{reportId}/annotations: arrays of at most 100. */
export function cloudAnnotations(findings: readonly SarifFinding[]) {
  const annotations = findings.slice(0, MAX_ANNOTATIONS).map((f, i) => ({
    type: 'report_annotation',
    external_id: `monitors-${i + 1}-${f.fingerprint}`.slice(0, 450),
    annotation_type: f.level === 'error' ? 'BUG' : 'CODE_SMELL',
    summary: clip(`${f.ruleId}: ${f.message}`, 450),
    ...(f.message.length + f.ruleId.length + 2 > 450 ? { details: clip(f.message, 2000) } : {}),
    severity: CLOUD_SEVERITY[f.level],
    result: 'FAILED',
    ...(f.path ? { path: f.path } : {}),
    ...(f.line > 0 ? { line: f.line } : {}),
  }));
  return chunks(annotations, ANNOTATIONS_PER_REQUEST);
}

/** The body of PUT /rest/insights/1.0/projects/{key}/repos/{slug}/commits/{commit}/reports/{key}. */
export function dcReport(title: string, findings: readonly SarifFinding[], link: string | undefined) {
  const errors = errorCount(findings);
  return {
    title,
    details: details(findings),
    reporter: 'monitors',
    result: errors > 0 ? 'FAIL' : 'PASS',
    data: [
      { title: 'Errors', type: 'NUMBER', value: errors },
      { title: 'Warnings', type: 'NUMBER', value: findings.length - errors },
    ],
    ...(link ? { link } : {}),
  };
}

/** The bodies of POST .../reports/{key}/annotations: `{annotations: [...]}` of at most 100. */
export function dcAnnotations(findings: readonly SarifFinding[]) {
  const annotations = findings.slice(0, MAX_ANNOTATIONS).map((f, i) => ({
    externalId: `monitors-${i + 1}-${f.fingerprint}`.slice(0, 450),
    // Data Center needs a line: 0 puts the annotation on the file as a whole.
    line: f.line,
    message: clip(`${f.ruleId}: ${f.message}`, 2000),
    ...(f.path ? { path: f.path } : {}),
    severity: DC_SEVERITY[f.level],
    type: f.level === 'error' ? 'BUG' : 'CODE_SMELL',
  }));
  return chunks(annotations, ANNOTATIONS_PER_REQUEST).map((part) => ({ annotations: part }));
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
