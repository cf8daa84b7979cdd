// The local reads of a plan on a worker thread: the YAML loaded and checked, and the lock
// file it names read, while the listing runs on the main thread. There each page is then
// answered at once instead of waiting behind the parsing (issue 17: the listing and the
// local work overlap instead of adding up).
import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { MonitorsError } from '../../errors.js';
import type { LoadResult } from '../../load/index.js';
import { LOCK_FORMAT_VERSION, type LockFile, type LockRecord } from '../../lock/types.js';
import type { DesiredMonitor } from '../../model/monitor.js';
import { loadWorkerData, loadWorkerScript } from './worker-script.js';

export interface LoadRequest {
  paths: string[];
  env: Record<string, string | undefined>;
  cwd: string;
  /** The environment to load (--env), as loadDesiredState takes it. */
  environment?: string;
  /** Read the lock file too, chosen as the main thread chooses it (chooseLockFile, with --lock as `flag`). */
  lockFile?: { flag: string | undefined };
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
  | { path: string; salt: string; recordParts: Uint8Array[] }
  | { path: string; missing: true }
  | { path: string; error: ErrorData };

/** What plan needs of the loader's result (not the state of every environment). */
export type PlanLoad = Pick<LoadResult, 'state' | 'diagnostics' | 'declaredEnvironments' | 'lockFilesSeen'>;

/** What the worker posts. */
export type WorkerAnswer =
  | { ok: true; result: PlanLoad; monitorParts: Uint8Array[]; lock: LockAhead | undefined }
  | { ok: false; error: ErrorData };

export interface LoadedAhead {
  result: PlanLoad;
  /** The lock file at `path`, read ahead: its contents (undefined: none there); throws what reading it threw. */
  lock: { path: string; read(): Promise<LockFile | undefined> } | undefined;
}

export async function loadInWorker(request: LoadRequest): Promise<LoadedAhead> {
  const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
    const worker = new Worker(loadWorkerScript(), { workerData: loadWorkerData(request) });
    worker.once('message', (message: WorkerAnswer) => {
      void worker.terminate();
      resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the YAML loader's worker thread ended (exit code ${code}) without an answer`)),
    );
  });
  if (!answer.ok) throw errorOf(answer.error);
  const monitors = await readParts<DesiredMonitor>(answer.monitorParts);
  const ahead = answer.lock;
  return {
    result: { ...answer.result, state: { ...answer.result.state, monitors } },
    lock: ahead && { path: ahead.path, read: () => lockOf(ahead) },
  };
}

async function lockOf(ahead: LockAhead): Promise<LockFile | undefined> {
  if ('error' in ahead) throw errorOf(ahead.error);
  if ('missing' in ahead) return undefined;
  return {
    format_version: LOCK_FORMAT_VERSION,
    salt: ahead.salt,
    monitors: await readParts<LockRecord>(ahead.recordParts),
  };
}

/** The items of serialized parts, one part per turn of the event loop, each part freed once read. */
async function readParts<T>(parts: Uint8Array[]): Promise<T[]> {
  const items: T[] = [];
  for (let i = 0; i < parts.length; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    for (const item of deserialize(parts[i]!) as T[]) items.push(item);
    parts[i] = EMPTY;
  }
  return items;
}

const EMPTY = new Uint8Array(0);

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

function errorOf(error: ErrorData): Error {
  if (error.code === undefined)
    return Object.assign(new Error(error.message), error.stack ? { stack: error.stack } : {});
  return new MonitorsError(error.code, error.message, {
    ...(error.hint !== undefined ? { hint: error.hint } : {}),
    ...(error.exitCode !== undefined ? { exitCode: error.exitCode } : {}),
  });
}
