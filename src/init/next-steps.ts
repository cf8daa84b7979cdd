// What `monitors init` prints once the files are written: what each is for, then the next
// steps, from validating offline to the first apply (and trying it all on the simulator).
// The steps run as typed: they name the CLI as it was started (`monitors` on the PATH, or
// `node /path/to/monitors.mjs`), and with a CI workflow the first apply is the pipeline's,
// since the lock file then lives on the branch monitors-state, not in the working tree.
import { BUNDLE_FOLDER } from './bundle-copy.js';
import { ciStarter, type InitCi } from './ci-starters.js';
import type { StarterFile } from './starter.js';

export interface ReportContext {
  /** How to run this CLI from the new folder: `monitors`, or `node /abs/path/main.js`. */
  command: string;
  /** The release to take the bundle from when none was copied (--ci gitlab, --ci bitbucket). */
  version: string;
}

export function initReport(
  shownDir: string,
  files: readonly StarterFile[],
  ci: InitCi | undefined,
  context: ReportContext,
): string {
  const listed = listedFiles(files);
  const width = Math.max(...listed.map((f) => f.path.length));
  const run = (args: string) => `${context.command} ${args}`;
  const step = (text: string, comment: string) => `  ${text.padEnd(34)} # ${comment}`;
  const lines = [
    `Wrote a starter repository in ${shownDir}:`,
    ...listed.map((f) => `  ${f.path.padEnd(width)}  ${f.what}`),
    '',
    'Next steps:',
    ...(shownDir === '.' ? [] : [`  cd ${shownDir.includes(' ') ? JSON.stringify(shownDir) : shownDir}`]),
    step(run('validate'), 'offline: valid as written; then make monitors/monitors.yaml yours'),
    '  export MONITORS_API_URL=https://YOUR-API/api/v1',
    step('export MONITORS_API_TOKEN=...', 'a token from the dashboard (settings, API); never in a file'),
    step(run('plan'), 'what apply would create; nothing changes yet'),
    ci === undefined
      ? step(run('apply'), 'asks before it changes anything; then commit monitors/monitors.lock.json')
      : step('git push', `apply from CI: it keeps the lock file on the branch monitors-state`),
    `No account yet? \`${run('sim')}\` (in another terminal) runs a local simulator of the API: paste the export line it prints.`,
  ];
  if (context.command !== 'monitors')
    lines.push('(`monitors` is not on your PATH: the README of monitors, "Install", says how to put it there.)');
  const runsBundle = ci === undefined ? undefined : ciStarter(ci).runsBundle;
  if (runsBundle && !files.some((f) => f.path.startsWith(`${BUNDLE_FOLDER}/`)))
    lines.push(
      `In ${runsBundle} run .monitors/monitors.mjs, the bundle of a monitors release; this CLI holds none to copy, so take it from the release:`,
      `  git clone --depth 1 --branch v${context.version} https://github.com/monitors-as-code/monitors ../monitors-${context.version} && cp -R ../monitors-${context.version}/bundle .monitors`,
    );
  if (ci !== undefined) lines.push(...ciStarter(ci).nextSteps);
  return `${lines.join('\n')}\n`;
}

/** The files as listed: the bundle's many files as one line for its folder. */
function listedFiles(files: readonly StarterFile[]): Pick<StarterFile, 'path' | 'what'>[] {
  const bundle = files.filter((f) => f.path.startsWith(`${BUNDLE_FOLDER}/`));
  const others = files.filter((f) => !f.path.startsWith(`${BUNDLE_FOLDER}/`));
  if (bundle.length === 0) return others;
  return [
    ...others,
    {
      path: `${BUNDLE_FOLDER}/`,
      what: `the CLI's bundle (${bundle.length} files) the pipeline runs as .monitors/monitors.mjs`,
    },
  ];
}
