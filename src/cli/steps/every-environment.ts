// `plan|validate|status --env all` (or MONITORS_ENV=all): the command once per declared
// environment, up to --parallelism at once (default 4), as `monitors ci` runs them (src/ci/): the CLI itself as a child process per
// environment, each holding only its own token variable and using its own lock file, then
// one answer with a section each (src/env-all/) and the worst exit code.
import { environmentChildEnv, environmentsFromReport } from '../../ci/environments.js';
import { childRuns } from '../../ci/child.js';
import {
  renderAllJson,
  renderAllMarkdown,
  renderAllText,
  worstExit,
  type EnvironmentRun,
} from '../../env-all/combine.js';
import { childArgs } from '../../env-all/child-args.js';
import { inOrderBounded, parseParallelism } from '../../env-all/bounded.js';
import { MonitorsError } from '../../errors.js';
import type { Diagnostic } from '../../model/monitor.js';
import { diagnosticLine } from '../../render/diagnostics.js';
import { SELF } from './self-process.js';

export type EveryEnvironmentCommand = 'plan' | 'validate' | 'status';

export interface EveryEnvironmentRequest {
  command: EveryEnvironmentCommand;
  paths: string[];
  /** The --format chosen for the command; --env all combines text, markdown and json. */
  format: string;
  detailedExitcode?: boolean | undefined;
  /** --parallelism: how many environments run at once (read-only commands; default 4). */
  parallelism?: string | undefined;
  /** Options that name one file for what is one per environment: refused. */
  single?: { out?: string | undefined; lock?: string | undefined };
}

export async function runEveryEnvironment(request: EveryEnvironmentRequest): Promise<number> {
  const { command, paths, format } = request;
  if (format !== 'text' && format !== 'markdown' && format !== 'json')
    throw new MonitorsError('BAD_OPTION', `--env all combines text, markdown or json, not ${JSON.stringify(format)}`, {
      hint: `Render ${format} one environment at a time: --env NAME --format ${format}.`,
    });
  for (const [flag, value] of [
    ['--out', request.single?.out],
    ['--lock', request.single?.lock],
  ] as const)
    if (value !== undefined)
      throw new MonitorsError('BAD_OPTION', `${flag} names one file, and --env all runs every environment`, {
        hint: `Each environment has its own (settings.environments.NAME); use ${flag} with --env NAME.`,
      });
  const parallelism = parseParallelism(request.parallelism);
  if (typeof parallelism !== 'number') throw new MonitorsError('BAD_OPTION', parallelism.error);
  const base: Record<string, string | undefined> = { ...process.env, MONITORS_ENV: undefined };
  const children = childRuns(SELF);
  const discovery = await children.run(['validate', ...paths, '--format', 'json'], base, { quiet: true });
  const declared = discovery.stdout.trim().startsWith('{') ? environmentsFromReport(discovery.stdout) : [];
  if (declared.length === 0) {
    if (discovery.code !== 0) {
      process.stderr.write(diagnosticsOf(discovery.stdout) ?? discovery.output);
      throw new MonitorsError('CONFIG_INVALID', 'the environments could not be read: the YAML has errors (above)', {
        hint: 'Fix them (`monitors validate` checks offline) and run the command again.',
      });
    }
    throw new MonitorsError(
      'ENV_NOT_DECLARED',
      '--env all runs every environment, but the YAML declares no environments',
      {
        hint: `Declare them under settings.environments (docs/yaml-format.md, "Environments"), or leave out --env: monitors ${command}`,
      },
    );
  }
  const args = process.argv.slice(2);
  // Each environment is a process of its own, holding only its own token and lock file:
  // they read concurrently (bounded), and are said in the order the set declares them.
  const runs: EnvironmentRun[] = await inOrderBounded(declared, parallelism, async (environment) => {
    const result = await children.run(
      childArgs(args, environment.name, command),
      environmentChildEnv(process.env, environment, declared),
      { quiet: true },
    );
    return { name: environment.name, ...result };
  });
  const exitCode = worstExit(command, runs, request.detailedExitcode === true);
  const where = paths.length > 0 ? paths.join(' ') : '.';
  const text =
    format === 'json'
      ? renderAllJson(command, runs, exitCode)
      : format === 'markdown'
        ? renderAllMarkdown(command, where, runs)
        : renderAllText(command, runs);
  process.stdout.write(text);
  return exitCode;
}

/** The problems of `validate --format json` as validate prints them, or undefined when it printed no report. */
function diagnosticsOf(stdout: string): string | undefined {
  try {
    const report = JSON.parse(stdout) as { diagnostics?: Diagnostic[] };
    const lines = (report.diagnostics ?? []).map(diagnosticLine);
    return lines.length > 0 ? `${lines.join('\n')}\n` : undefined;
  } catch {
    return undefined;
  }
}
