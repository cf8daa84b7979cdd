// What a load is asked for: the environment variables, the folder, the environment.
import type { ReadSource } from './files/memory-source.js';
import type { LoadCache } from './load-cache.js';
import type { RunVars } from './expand/run-vars.js';

export interface LoadOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Server rule, when known (the simulator knows it; the real API does not say). */
  enabledIntervals?: readonly number[];
  /**
   * The environment to load (`--env`). Without one, every declared environment is checked.
   * One the set does not declare checks none (the caller reports it; see `declaredEnvironments`).
   */
  environment?: string;
  /** An unset `${env:NAME}`: an error (default; plan and apply need the value) or a warning (validate). */
  missingEnv?: 'error' | 'warning';
  /** Vars set for this run (`--var`, `--var-file`): they win over every file's and environment's. */
  vars?: RunVars;
  /** Bytes from memory in place of some files (the language server's unsaved buffers). */
  source?: ReadSource;
  /** What the last load of the same set keeps for this one (the language server's keystrokes). */
  cache?: LoadCache;
}
