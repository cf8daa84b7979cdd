// The YAML of a workspace loaded, here or on another thread: what a load is asked (plain data,
// so that it can cross to a worker thread), what it answers, and the load itself. The
// loader's modules are imported only when a load runs here, so that a command whose YAML is
// loaded on the worker thread does not load them twice.
import type { LoadResult } from '../load/index.js';
import type { RunVar } from '../load/expand/run-vars.js';
import type { LockFile } from '../lock/types.js';

/** What a load is asked: plain data only, since a class does not cross threads. */
export interface YamlInput {
  paths: string[];
  env: Record<string, string | undefined>;
  cwd: string;
  /** The environment to load (--env), as loadDesiredState takes it. */
  environment?: string;
  /** An unset `${env:NAME}`: an error (the default) or a warning. */
  missingEnv?: 'error' | 'warning';
  /** Read the lock file too, chosen as the opener chooses it (chooseLockFile, with --lock as `flag`). */
  lockFile?: { flag: string | undefined };
  /** The vars set for this run (--var, --var-file), as loadDesiredState takes them. */
  vars?: [string, RunVar][];
}

/** What a command of one environment needs of the loader's result (not the state of every environment). */
export type YamlLoad = Pick<LoadResult, 'state' | 'diagnostics' | 'declaredEnvironments' | 'lockFilesSeen'>;

export interface LoadedYaml {
  result: YamlLoad;
  /** The lock file at `path`, read ahead with the YAML: its contents (undefined: none there); throws what reading it threw. */
  lock: { path: string; read(): Promise<LockFile | undefined> } | undefined;
}

/** A load on another thread (the CLI's worker, src/cli/worker/load-in-worker.ts). */
export type YamlLoader = (input: YamlInput) => Promise<LoadedYaml>;

/** The YAML loaded on this thread; the lock is read afterwards, by the opener. */
export async function loadYamlHere(input: YamlInput): Promise<LoadedYaml> {
  const { loadDesiredState } = await import('../load/index.js');
  const result = await loadDesiredState(input.paths, {
    env: input.env,
    cwd: input.cwd,
    ...(input.environment !== undefined ? { environment: input.environment } : {}),
    ...(input.missingEnv !== undefined ? { missingEnv: input.missingEnv } : {}),
    ...(input.vars ? { vars: new Map(input.vars) } : {}),
  });
  return { result, lock: undefined };
}
