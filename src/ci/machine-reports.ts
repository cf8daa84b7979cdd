// The reports a CI reads by itself, written where it looks (docs/ci.md): validate's findings
// as SARIF for GitHub's code scanning upload, and as a Code Quality report for GitLab's
// `artifacts:reports:codequality`; the check's results as JUnit for GitLab's
// `artifacts:reports:junit`; the SARIF is also what a provider's `publishFindings` places on
// the diff (Bitbucket Code Insights). Each comes from the CLI's own `--format`, like every other
// output `monitors ci` shows; a run that writes no such report (it failed before) leaves none.
import type { ChildResult, ChildRuns } from './child.js';
import type { CiOptions } from './options.js';
import type { CiProvider, MachineReport } from './provider.js';

type Env = Record<string, string | undefined>;

/** The file each report is written to in the report folder (GitLab's own name for Code Quality). */
export function machineReportFile(kind: MachineReport, environment?: string): string {
  if (kind === 'sarif') return 'monitors.sarif';
  if (kind === 'codequality') return 'gl-code-quality-report.json';
  return `check-junit${environment ? `-${environment.replace(/[^A-Za-z0-9_.-]/g, '_')}` : ''}.xml`;
}

/**
 * After validate: its findings as SARIF and Code Quality, for the CIs that read them. Returns
 * the SARIF when it was made (for a provider that publishes findings: it is made for them too).
 */
export async function writeFindingsReports(
  runs: ChildRuns,
  options: CiOptions,
  provider: CiProvider,
  childEnv: Env,
): Promise<string | undefined> {
  let sarif: string | undefined;
  for (const kind of ['sarif', 'codequality'] as const) {
    const wanted = provider.machineReports.includes(kind);
    if (!wanted && !(kind === 'sarif' && provider.publishFindings)) continue;
    const run = await runs.run(['validate', options.path, '--format', kind], childEnv, { quiet: true });
    // Exit 1 is "problems found": the report holds them. Anything else wrote no report.
    if (!((run.code === 0 || run.code === 1) && /^\s*[[{]/.test(run.stdout))) continue;
    if (kind === 'sarif') sarif = run.stdout;
    if (wanted) provider.writeMachineReport(kind, machineReportFile(kind), run.stdout);
  }
  return sarif;
}

/**
 * The check of a plan (`args`: checkArgs, which asks for Markdown): one run in JSON when the
 * CI reads JUnit (so that the probes run once), rendered both as the comment's Markdown and
 * as JUnit, with the renderers the CLI's own --format uses; otherwise the Markdown run.
 */
export async function runCheckStep(
  runs: ChildRuns,
  args: string[],
  childEnv: Env,
  provider: CiProvider,
  environment?: string,
): Promise<ChildResult> {
  // checkArgs asks for Markdown; a later --format wins.
  if (!provider.machineReports.includes('junit')) return runs.run(args, childEnv);
  const [{ renderCheckMarkdown }, { renderCheckJunit }] = await Promise.all([
    import('../render/check-markdown.js'),
    import('../render/junit/check-junit.js'),
  ]);
  const run = await runs.run([...args, '--format', 'json'], childEnv, { quiet: true });
  let report;
  try {
    report = JSON.parse(run.stdout) as Parameters<typeof renderCheckMarkdown>[0];
  } catch {
    process.stdout.write(run.output); // it could not run: its error, as a Markdown run would have shown it
    return { ...run, stdout: '' };
  }
  provider.writeMachineReport('junit', machineReportFile('junit', environment), renderCheckJunit(report));
  const markdown = renderCheckMarkdown(report);
  process.stdout.write(markdown);
  return { code: run.code, stdout: markdown, output: run.output.replace(run.stdout, markdown) };
}
