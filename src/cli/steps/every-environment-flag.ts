// Whether a command runs once per environment (--env all or MONITORS_ENV=all), and the one
// wrapper that makes it so: the action of every read-only command that takes --env is
// wrapped where the command is declared (plan, validate, status, check, lock list|show), so
// that the command's own work knows one environment only. Asked at every start, so apart
// from the runs themselves (every-environment.ts), which load only then.
import { requestedEnvironment } from '../../workspace/environment.js';
import type { EveryEnvironmentCommand, EveryEnvironmentOptions } from './every-environment-options.js';

export const ALL_ENVIRONMENTS = 'all';

/** The help of `--parallelism`, which every command taking `--env all` declares. */
export const PARALLELISM_HELP = 'with --env all: how many environments run at once (default 4)';

export function asksEveryEnvironment(flag: string | undefined, env: NodeJS.ProcessEnv): boolean {
  return requestedEnvironment(flag, env)?.name === ALL_ENVIRONMENTS;
}

/**
 * The action of a read-only command that takes --env: `run` with the arguments as given
 * (the paths last among them), or with --env all once per environment; its exit code is the
 * process's. Commands that write are not wrapped: apply runs the environments in turn, each by a
 * process of its own (every-environment-apply.ts); destroy and lock set|forget act on one
 * workspace at a time and refuse `all` (environment.ts).
 */
export function everyEnvironmentAction<A extends unknown[], O extends EveryEnvironmentOptions>(
  command: EveryEnvironmentCommand,
  run: (...args: [...A, O]) => Promise<number>,
): (...args: [...A, O, unknown]) => Promise<void> {
  return async (...given) => {
    const args = given.slice(0, -2) as A;
    const options = given[given.length - 2] as O;
    if (!asksEveryEnvironment(options.env, process.env)) {
      process.exitCode = await run(...args, options);
      return;
    }
    const paths = (args[args.length - 1] as string[] | undefined) ?? [];
    const { runEveryEnvironment } = await import('./every-environment.js');
    process.exitCode = await runEveryEnvironment(command, paths, options, (own) => run(...args, own));
  };
}
