// `monitors ci validate|plan --discover PATH`: after the command, `monitors discover k8s PATH
// --check --against` the monitors path, so that a pull request adding an Ingress or an
// HTTPRoute without a monitor fails the job, with the routes in the report (docs/discover.md,
// "Coverage in CI"). Like every other step, it runs the CLI and shows its Markdown.
import type { ChildRuns } from './child.js';
import type { CiOptions } from './options.js';
import { textReport } from './report.js';

type Env = Record<string, string | undefined>;

export function discoverArgs(options: CiOptions): string[] {
  return ['discover', 'k8s', options.discover, '--check', '--against', options.path, '--format', 'markdown'];
}

/** The step's part of the report, and whether every routed host and path has a monitor. */
export async function runDiscoverStep(
  runs: ChildRuns,
  options: CiOptions,
  childEnv: Env,
): Promise<{ ok: boolean; report: string; message?: string }> {
  const result = await runs.run(discoverArgs(options), childEnv);
  const ok = result.code === 0;
  // Exit 1 with its Markdown: routes without a monitor. Anything else: it could not run (its error, as text).
  const report =
    (result.code === 0 || result.code === 1) && result.stdout.startsWith('####')
      ? result.stdout
      : textReport({ command: 'discover k8s --check', path: options.discover }, result.code, result.output, false);
  return ok
    ? { ok, report }
    : {
        ok,
        report,
        message: `monitors discover k8s ${options.discover} --check: a routed host and path has no monitor in ${options.path}, or the check failed; see the report.`,
      };
}
