// One environment's run of `--env all`, as its answer is combined: what it printed, what it
// said and its exit code, and what that code means (ok, changes, failed). Pure.

export interface EnvironmentRun {
  name: string;
  /** The run's exit code (a plan's with --detailed-exitcode: 2 = changes). */
  code: number;
  stdout: string;
  /** stdout and stderr as they came. */
  output: string;
}

/** What the format registry combines (the subject `everyEnvironment`): every run in the declared order. */
export interface EveryEnvironmentOutput {
  /** `plan`, `lock list`... */
  command: string;
  /** The paths as given (`.` when none), for the Markdown heading. */
  where: string;
  runs: readonly EnvironmentRun[];
  /** The combined exit code (worstExit). */
  exitCode: number;
}

export type Outcome = 'ok' | 'changes' | 'failed';

export function outcomeOf(command: string, code: number): Outcome {
  if (code === 0) return 'ok';
  return command === 'plan' && code === 2 ? 'changes' : 'failed';
}
