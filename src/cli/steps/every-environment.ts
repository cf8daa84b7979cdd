// `plan|validate|status|check|lock list|lock show --env all` (or MONITORS_ENV=all): the
// command once per declared environment, in this process, as the wrapper of the command's
// action (every-environment-flag.ts) asks. Each run holds only its own token variable, uses
// its own lock file, and writes to its own captured stdout and stderr (every-environment-io.ts);
// a failure is said as the CLI says it (reportError) into that run's stderr, with its exit
// code, as a process of its own would. Then one answer: every format that renders both the
// command's subject and `everyEnvironment` in the format registry combines the runs in the
// declared order (src/render/every-environment/), with the worst exit code (src/env-all/).
import { environmentChildEnv, type CiEnvironment } from '../../ci/environments.js';
import { worstExit, type EnvironmentRun } from '../../env-all/combine.js';
import { DEFAULT_PARALLELISM, parseParallelism, runBounded } from '../../env-all/bounded.js';
import { MonitorsError } from '../../errors.js';
import { summarizeWorkspace } from '../../workspace/all-environments.js';
import { diagnosticLine } from '../../render/diagnostics.js';
import { chooseFormat, formatsOf, renderAs, type FormatOf } from '../../render/formats/registry.js';
import type { Subject } from '../../render/formats/subjects.js';
import { runVars } from '../run-vars/current.js';
import { reportError } from '../run-main.js';
import type { EveryEnvironmentCommand, EveryEnvironmentOptions } from './every-environment-options.js';
import { holdRouting, runIsolated } from './every-environment-io.js';
import { holdPlanningWatch } from './interrupt.js';

/** What each command renders: its formats that the registry also combines are offered with --env all. */
const SUBJECT: Readonly<Record<EveryEnvironmentCommand, Subject>> = {
  plan: 'plan',
  validate: 'validation',
  status: 'status',
  check: 'check',
  'lock list': 'lock',
  'lock show': 'lockRecord',
};

/** The status page and the badge are not combined: `status` draws them of every environment by itself. */
const WHOLE_SET: Readonly<Partial<Record<EveryEnvironmentCommand, readonly string[]>>> = { status: ['html', 'svg'] };

/** The formats --env all combines for a command, in the registry's order. */
export function combinedFormats(command: EveryEnvironmentCommand): string[] {
  const combining = new Set(formatsOf('everyEnvironment').map((f) => f.name));
  return formatsOf(SUBJECT[command])
    .map((f) => f.name)
    .filter((name) => combining.has(name));
}

/**
 * Runs `run` once per declared environment (its options naming that environment) and prints
 * the combined answer; returns the combined exit code.
 */
export async function runEveryEnvironment<O extends EveryEnvironmentOptions>(
  command: EveryEnvironmentCommand,
  paths: readonly string[],
  options: O,
  run: (options: O) => Promise<number>,
): Promise<number> {
  const subject = SUBJECT[command];
  const format = chooseFormat(subject, options.format ?? formatsOf(subject)[0]!.name);
  if (WHOLE_SET[command]?.includes(format)) return run(options);
  const parallelism = parseParallelism(options.parallelism) ?? DEFAULT_PARALLELISM;
  if (Number.isNaN(parallelism))
    throw new MonitorsError(
      'BAD_OPTION',
      `--parallelism must be a whole number from 1 to 64, not ${JSON.stringify(options.parallelism)}`,
      {
        hint: `How many environments --env all runs at once; the default is ${DEFAULT_PARALLELISM}.`,
      },
    );
  const combined = combinedFormats(command);
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
  refuseOneFileOptions(options);
  const base: Record<string, string | undefined> = { ...process.env, MONITORS_ENV: undefined };
  const declared = await declaredEnvironments(paths, base, command);
  // Every command --env all runs only reads: the environments run side by side, each with
  // its own token and lock; one watch of signals over them all (a signal ends every run).
  const release = holdPlanningWatch(process.stderr);
  const unroute = holdRouting();
  let runs: EnvironmentRun[];
  try {
    runs = await runBounded(declared, parallelism, async (environment) => {
      const own = {
        ...options,
        env: environment.name,
        // A plan run always says whether it has changes by its exit code, so that its section can say so.
        ...(command === 'plan' ? { detailedExitcode: true } : {}),
      };
      const ran = await runIsolated(environmentChildEnv(base, environment, declared), async () => {
        try {
          return await run(own);
        } catch (error) {
          return reportError(error);
        }
      });
      return { name: environment.name, code: ran.result, stdout: ran.stdout, output: ran.output };
    });
  } finally {
    unroute();
    release();
  }
  const exitCode = worstExit(command, runs, options.detailedExitcode === true);
  const where = paths.length > 0 ? paths.join(' ') : '.';
  const data = { command, where, runs, exitCode };
  process.stdout.write(await renderAs(format as FormatOf<'everyEnvironment'>, 'everyEnvironment', data, NO_COLOR));
  return exitCode;
}

const NO_COLOR = { color: false };

/** --out and --lock name one file, where each environment has its own: refused with --env all (apply's too). */
export function refuseOneFileOptions(options: Pick<EveryEnvironmentOptions, 'out' | 'lock'>): void {
  for (const [flag, value] of [
    ['--out', options.out],
    ['--lock', options.lock],
  ] as const)
    if (value !== undefined)
      throw new MonitorsError('BAD_OPTION', `${flag} names one file, and --env all runs every environment`, {
        hint: `Each environment has its own (settings.environments.NAME); use ${flag} with --env NAME.`,
      });
}

/** The environments the set declares, or why there are none to run. */
export async function declaredEnvironments(
  paths: readonly string[],
  env: Record<string, string | undefined>,
  command: string,
): Promise<CiEnvironment[]> {
  const summary = await summarizeWorkspace({
    paths: [...paths],
    env,
    cwd: process.cwd(),
    missingVariable: 'warning',
    vars: runVars(),
  });
  if (summary.declaredEnvironments.length > 0)
    return summary.environments.map(({ name, settings }) => ({
      name: name!,
      tokenEnv: settings.environment?.tokenEnv,
      lockFile: undefined,
    }));
  if (summary.diagnostics.some((d) => d.severity === 'error')) {
    process.stderr.write(`${summary.diagnostics.map(diagnosticLine).join('\n')}\n`);
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

/** Why a format is not combined, in the refusal. */
const WHY_NOT: Readonly<Record<string, string>> = {
  sarif:
    'a SARIF log locates findings in files, which every environment shares: validate checks every environment in one run without --env, and its log holds them all',
  codequality:
    'a Code Quality report locates findings in files, which every environment shares: validate checks every environment in one run without --env',
};
