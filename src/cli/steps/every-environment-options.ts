// What `--env all` knows of a command: its name and the options it reads (the rest are
// handed to each environment's run as given). Apart from the wrapper (every-environment-flag.ts)
// and the runs (every-environment.ts), which both name them, so neither imports the other's types.

export type EveryEnvironmentCommand = 'plan' | 'validate' | 'status' | 'check' | 'lock list' | 'lock show';

/** The options --env all reads of a command. */
export interface EveryEnvironmentOptions {
  env?: string | undefined;
  format?: string | undefined;
  parallelism?: string | undefined;
  detailedExitcode?: boolean | undefined;
  /** Options naming one file, where each environment has its own: refused. */
  out?: string | undefined;
  lock?: string | undefined;
}
