// What the main thread and the loader's worker thread say to each other (load-in-worker.ts
// asks, load-worker.ts answers): plain data only, since a class does not cross threads.
// Both sides import this file; it imports neither.
import { MonitorsError } from '../../errors.js';
import type { LoadResult } from '../../load/index.js';
import type { RunVar } from '../../load/expand/run-vars.js';
import type { PendingCreate, LockPolicy, LockWorkspace } from '../../lock/types.js';

export interface LoadRequest {
  paths: string[];
  env: Record<string, string | undefined>;
  cwd: string;
  /** The environment to load (--env), as loadDesiredState takes it. */
  environment?: string;
  /** An unset `${env:NAME}`: an error (the default) or a warning (destroy). */
  missingEnv?: 'error' | 'warning';
  /** Read the lock file too, chosen as the main thread chooses it (chooseLockFile, with --lock as `flag`). */
  lockFile?: { flag: string | undefined };
  /** The vars set for this run (--var, --var-file), as loadDesiredState takes them. */
  vars?: [string, RunVar][];
}

/** An error as plain data: a class does not cross threads. */
export interface ErrorData {
  code?: string;
  message: string;
  hint?: string;
  exitCode?: number;
  /** An unexpected error's stack, for MONITORS_DEBUG=1. */
  stack?: string;
}

/**
 * Lists (desired monitors, lock records) come back in serialized parts of this many, read
 * one part per turn of the event loop: reading 100,000 at once would hold the listing up
 * for seconds.
 */
export const ITEMS_PER_PART = 100;

/** The lock file the worker read (only when the YAML has no errors): at `path`, none there, or why it could not be read. */
export type LockAhead =
  | {
      path: string;
      salt: string;
      recordParts: Uint8Array[];
      pending?: PendingCreate[];
      workspace?: LockWorkspace;
      policy?: LockPolicy;
    }
  | { path: string; missing: true }
  | { path: string; error: ErrorData };

/** What plan needs of the loader's result (not the state of every environment). */
export type PlanLoad = Pick<LoadResult, 'state' | 'diagnostics' | 'declaredEnvironments' | 'lockFilesSeen'>;

/** What the worker posts. */
export type WorkerAnswer =
  | { ok: true; result: PlanLoad; monitorParts: Uint8Array[]; lock: LockAhead | undefined }
  | { ok: false; error: ErrorData };

/** Serialized parts of a list (the worker's side of readParts). */
export function toParts(items: readonly unknown[], serialize: (value: unknown) => Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let start = 0; start < items.length; start += ITEMS_PER_PART)
    parts.push(serialize(items.slice(start, start + ITEMS_PER_PART)));
  return parts;
}

export function errorData(error: unknown): ErrorData {
  if (error instanceof MonitorsError)
    return { code: error.code, message: error.message, hint: error.hint, exitCode: error.exitCode };
  return error instanceof Error
    ? { message: error.message, ...(error.stack ? { stack: error.stack } : {}) }
    : { message: String(error) };
}
