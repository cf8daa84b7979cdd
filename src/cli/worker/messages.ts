// What the main thread and the loader's worker thread say to each other (load-in-worker.ts
// asks, load-worker.ts answers): plain data only, since a class does not cross threads.
// Both sides import this file; it imports neither.
import { MonitorsError } from '../../errors.js';
import type { PendingCreate, LockPolicy, LockWorkspace } from '../../lock/types.js';
import type { YamlInput, YamlLoad } from '../../workspace/load-yaml.js';

/** What the main thread asks: the workspace opener's load (src/workspace/load-yaml.ts). */
export type LoadRequest = YamlInput;

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
export type PlanLoad = YamlLoad;

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
