// The one request that opens a workspace (rust-analyzer's load_workspace_at): which YAML, in
// which environment, where the lock comes from, whether a client is made, how an unset
// variable counts, and the few hooks a command hands down (progress steps, where problems
// are said, the loader's thread). Every command that reads the YAML or the lock, `--env all`
// through them, `ci` through them and the language server's lens all open the workspace
// with it; nothing of the process is read here: what the run sees is passed in.
import type { RunVars } from '../load/expand/run-vars.js';
import type { LockFile } from '../lock/types.js';
import type { DesiredState } from '../model/monitor.js';
import type { EnvironmentRequest } from './environment.js';
import type { YamlLoader } from './load-yaml.js';

export type { EnvironmentRequest };

/**
 * Where the lock comes from. `file`: the lock file on disk, chosen by the rule
 * (src/lock/location.ts) with `--lock` as `file`. `text`: the lock given as it is kept (an
 * editor's buffer, a test). `branch`: read from the lock branch (`--lock-branch`) at the
 * place the rule chooses. `none`: the lock is not read (its place is still chosen).
 */
export type LockSource =
  | { file?: string | undefined }
  | { file?: string | undefined; text: string }
  | { file?: string | undefined; branch: (lockPath: string) => Promise<LockFile | undefined> }
  | { file?: string | undefined; none: true };

/** Marks a step under way until the returned function is called (what a signal interrupts, say). */
export type StepMarker = (what: string | (() => string)) => () => void;

export interface WorkspaceHooks {
  /** Progress: each step while opening and reading (default: nothing marked). */
  step?: StepMarker;
  /** Where the YAML's problems are said, as validate says them (the CLI: stderr). Default: not said. */
  say?: (text: string) => void;
  /**
   * The YAML loaded on another thread (the CLI's worker), with the lock file read there too:
   * used while the listing runs on this thread, and always when `always` (signals watched:
   * a handler runs only when this thread is free).
   */
  offThread?: { load: YamlLoader; always: boolean };
  /** Awaited before the YAML is loaded, here or on the other thread (the CLI's test holds). */
  beforeLoad?: (where: 'here' | 'off-thread') => Promise<void>;
}

export interface WorkspaceRequest {
  /** The YAML files and folders, as given. */
  paths: string[];
  /**
   * Files named one by one load the set they belong to (the folder holding them, whose files
   * share one lock file), so that what the command does can be narrowed to them
   * (src/plan/named-files.ts): plan, apply, destroy. Otherwise the paths load as given.
   */
  wholeSet?: boolean;
  cwd: string;
  /** The variables the run sees: `${env:NAME}`, the token and MONITORS_API_URL come only from here. */
  env: NodeJS.ProcessEnv;
  /** --env / MONITORS_ENV: required once the set declares environments. */
  environment?: EnvironmentRequest | undefined;
  /** The command, for messages (`plan`, `destroy`, `lock list`). */
  command: string;
  lock: LockSource;
  /**
   * A client of the workspace's API. `now`: as early as its URL is known, before the YAML is
   * read when it cannot come from the YAML (MONITORS_API_URL, --api-url), so that the
   * listing runs while the YAML loads (plan, apply); `later`: once the YAML is read (status,
   * destroy); `none`: no client (the lock commands: reading a lock needs no token).
   */
  client: 'now' | 'later' | 'none';
  /** --api-url: wins over an environment's api_url, MONITORS_API_URL and settings.api_url. */
  apiUrl?: string | undefined;
  /** An unset `${env:NAME}`: an error (its value would be sent) or a warning (nothing of it is sent). */
  missingVariable: 'error' | 'warning';
  /** --var / --var-file. */
  vars?: RunVars | undefined;
  /**
   * Policy violations: `plan` keeps them for the plan's policy section (not an error of the
   * load); `summary` (a read-only command) says the advisory ones as one line; default: said as found.
   */
  policy?: 'plan' | 'summary';
  /**
   * Checks that need the YAML (e.g. `plan --out` against its files and lock file), run once it is
   * read and before any request: given one, no request starts while the YAML loads.
   */
  beforeRequests?: (desired: DesiredState, lockPath: string) => void;
  hooks?: WorkspaceHooks;
}

/** No progress to mark. */
export const NO_STEP: StepMarker = () => () => undefined;
