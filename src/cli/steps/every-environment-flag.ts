// Whether a command runs once per environment (--env all or MONITORS_ENV=all): asked at every
// start, so apart from the runs themselves (every-environment.ts), which load only then.
import { requestedEnvironment } from './environment.js';

export const ALL_ENVIRONMENTS = 'all';

/** The help of `--parallelism`, which every command taking `--env all` declares. */
export const PARALLELISM_HELP = 'with --env all: how many environments run at once (default 4)';

export function asksEveryEnvironment(flag: string | undefined, env: NodeJS.ProcessEnv): boolean {
  return requestedEnvironment(flag, env)?.name === ALL_ENVIRONMENTS;
}
