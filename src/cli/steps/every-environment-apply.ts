// `apply --env all` (or MONITORS_ENV=all): every declared environment applied in turn, in the
// declared order, each exactly as `monitors apply --env NAME` applies it, by this CLI started
// again for it (src/ci/child.ts, as `monitors ci` runs it): the run holds only its own token
// variable and uses its own lock, its output goes out as it comes, and a signal reaches the
// run in progress once (it finishes the writes in flight and records them). One at a time,
// never side by side, and none after one that failed or was interrupted: staging's failure
// keeps production as it was. No run can ask for a confirmation, so --yes is required.
import { childRuns } from '../../ci/child.js';
import { environmentChildEnv } from '../../ci/environments.js';
import { MonitorsError } from '../../errors.js';
import { applyHeading, applySequenceEnd } from '../../render/every-environment/apply-sequence.js';
import { declaredEnvironments, refuseOneFileOptions } from './every-environment.js';
import { SELF } from './self-process.js';

/** What --env all reads of apply's options (the rest are handed to each run as given). */
export interface ApplyEveryOptions {
  yes?: boolean | undefined;
  plan?: string | undefined;
  lock?: string | undefined;
  format?: string | undefined;
}

/** Applies every environment, one after another; returns the exit code of the first that did not succeed, or 0. */
export async function applyEveryEnvironment(
  paths: readonly string[],
  options: ApplyEveryOptions,
  argv: readonly string[],
): Promise<number> {
  refuseApplyOptions(options);
  refuseOneFileOptions(options);
  const base: Record<string, string | undefined> = { ...process.env, MONITORS_ENV: undefined };
  const declared = await declaredEnvironments(paths, base, 'apply');
  const runs = childRuns(SELF);
  const args = withoutEnvironment(argv);
  const applied: string[] = [];
  for (const [index, environment] of declared.entries()) {
    process.stdout.write(applyHeading(environment.name, index + 1, declared.length));
    const { code } = await runs.run(
      [...args, '--env', environment.name],
      environmentChildEnv(base, environment, declared),
    );
    if (code !== 0) {
      const interrupted = runs.interruptExitCode();
      process.stdout.write(
        applySequenceEnd({
          applied,
          stopped: {
            name: environment.name,
            code,
            signal: runs.interruptSignal(),
          },
          notApplied: declared.slice(index + 1).map((e) => e.name),
        }),
      );
      return interrupted ?? code;
    }
    applied.push(environment.name);
  }
  process.stdout.write(applySequenceEnd({ applied, notApplied: [] }));
  return 0;
}

/** What apply cannot do for every environment at once: refused before anything is read. */
function refuseApplyOptions(options: ApplyEveryOptions): void {
  const refuse = (what: string, hint: string) => {
    throw new MonitorsError('BAD_OPTION', what, { hint });
  };
  if (options.yes !== true)
    refuse(
      '--env all applies every environment one after another, and none of them can ask for a confirmation',
      'Review the plans first (monitors plan --env all), then add --yes; or apply one environment at a time: --env NAME.',
    );
  if (options.plan !== undefined)
    refuse('--plan applies a plan saved for one environment, and --env all runs every environment', 'Leave out --env.');
  if (options.format !== undefined && options.format !== 'text')
    refuse(
      `--env all prints each environment's apply as text, not ${JSON.stringify(options.format)}: one document per environment would not make one answer`,
      `Apply one environment at a time for ${options.format}: --env NAME --format ${options.format}; or use monitors ci, which reports every environment in one.`,
    );
}

/** The command line as given, without its --env (each run names its own). */
export function withoutEnvironment(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      kept.push(...argv.slice(i));
      break;
    }
    if (arg === '--env') i += 1;
    else if (!arg.startsWith('--env=')) kept.push(arg);
  }
  return kept;
}
