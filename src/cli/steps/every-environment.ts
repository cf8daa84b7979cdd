// `plan|validate|status|check|lock list|lock show --env all` (or MONITORS_ENV=all): the
// command once per declared environment, as `monitors ci` runs them (src/ci/): the CLI
// itself as a child process per environment, each holding only its own token variable and
// using its own lock file, then one answer with a section each (src/env-all/) and the worst
// exit code. The formats combined are those of COMBINED; any other is refused, saying which.
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
import { renderAllJunit } from '../../env-all/combine-junit.js';
import { DEFAULT_PARALLELISM, parseParallelism, runBounded } from '../../env-all/bounded.js';
import { MonitorsError } from '../../errors.js';
import type { Diagnostic } from '../../model/monitor.js';
import { diagnosticLine } from '../../render/diagnostics.js';
import { SELF } from './self-process.js';

export type EveryEnvironmentCommand = 'plan' | 'validate' | 'status' | 'check' | 'lock list' | 'lock show';

/**
 * The formats each command's runs combine into one answer: a section per environment (text,
 * Markdown), one JSON document, one JUnit document of a suite per environment. The status
 * page and the badge are not here: `status` draws them of every environment by itself.
 */
const COMBINED: Readonly<Record<EveryEnvironmentCommand, readonly string[]>> = {
  plan: ['text', 'markdown', 'json'],
  validate: ['text', 'json'],
  status: ['text', 'markdown', 'json', 'junit'],
  check: ['text', 'markdown', 'json', 'junit'],
  'lock list': ['text', 'json'],
  'lock show': ['text', 'json'],
};

export interface EveryEnvironmentRequest {
  command: EveryEnvironmentCommand;
  paths: string[];
  /** The --format chosen for the command; --env all combines text, markdown and json. */
  format: string;
  detailedExitcode?: boolean | undefined;
  /** --parallelism N: how many environments run at once (default 4); the answer keeps their declared order. */
  parallelism?: string | undefined;
  /** Options that name one file for what is one per environment: refused. */
  single?: { out?: string | undefined; lock?: string | undefined };
}

export async function runEveryEnvironment(request: EveryEnvironmentRequest): Promise<number> {
  const { command, paths, format } = request;
  const parallelism = parseParallelism(request.parallelism) ?? DEFAULT_PARALLELISM;
  if (Number.isNaN(parallelism))
    throw new MonitorsError(
      'BAD_OPTION',
      `--parallelism must be a whole number from 1 to 64, not ${JSON.stringify(request.parallelism)}`,
      {
        hint: `How many environments --env all runs at once; the default is ${DEFAULT_PARALLELISM}.`,
      },
    );
  const combined = COMBINED[command];
  if (!combined.includes(format))
    throw new MonitorsError(
      'BAD_OPTION',
      `--env all combines the ${command} of every environment as ${combined.join(', ')}, not ${JSON.stringify(format)}: ${WHY_NOT[format] ?? 'it is one document of one environment'}`,
      {
        hint:
          WHY_NOT[format] !== undefined
            ? `Leave out --env: monitors ${command} --format ${format}.`
            : `Render ${format} one environment at a time: --env NAME --format ${format}.`,
      },
    );
  for (const [flag, value] of [
    ['--out', request.single?.out],
    ['--lock', request.single?.lock],
  ] as const)
    if (value !== undefined)
      throw new MonitorsError('BAD_OPTION', `${flag} names one file, and --env all runs every environment`, {
        hint: `Each environment has its own (settings.environments.NAME); use ${flag} with --env NAME.`,
      });
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
  // Every command --env all runs only reads: the environments run side by side, each with its own token and lock.
  const runs: EnvironmentRun[] = await runBounded(declared, parallelism, async (environment) => ({
    name: environment.name,
    ...(await children.run(
      childArgs(args, environment.name, command),
      environmentChildEnv(process.env, environment, declared),
      { quiet: true },
    )),
  }));
  const exitCode = worstExit(command, runs, request.detailedExitcode === true);
  const where = paths.length > 0 ? paths.join(' ') : '.';
  const text =
    format === 'json'
      ? renderAllJson(command, runs, exitCode)
      : format === 'junit'
        ? renderAllJunit(command, runs)
        : format === 'markdown'
          ? renderAllMarkdown(command, where, runs)
          : renderAllText(command, runs);
  process.stdout.write(text);
  return exitCode;
}

/** Why a format is not combined, in the refusal. */
const WHY_NOT: Readonly<Record<string, string>> = {
  sarif:
    'a SARIF log locates findings in files, which every environment shares: validate checks every environment in one run without --env, and its log holds them all',
  codequality:
    'a Code Quality report locates findings in files, which every environment shares: validate checks every environment in one run without --env',
};

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
