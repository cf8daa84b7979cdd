// Loads the YAML on a worker thread, so that the listing, which runs on the main thread
// meanwhile, gets each page answered at once instead of waiting behind the parsing
// (issue 17: the listing and the local work overlap instead of adding up).
import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { MonitorsError } from '../../errors.js';
import type { LoadResult } from '../../load/index.js';
import type { DesiredMonitor } from '../../model/monitor.js';

export interface LoadRequest {
  paths: string[];
  env: Record<string, string | undefined>;
  cwd: string;
}

/**
 * The desired monitors come back in serialized parts of this many, read one part per turn
 * of the event loop: reading 100,000 at once would hold up the listing for seconds.
 */
export const MONITORS_PER_PART = 100;

/** What the worker posts: the loader's result (its monitors in parts), or its error as plain data (a class does not cross threads). */
export type WorkerAnswer =
  | { ok: true; result: LoadResult; monitorParts: Uint8Array[] }
  | { ok: false; error: { code?: string; message: string; hint?: string; exitCode?: number } };

const EMPTY = new Uint8Array(0);

export async function loadInWorker(request: LoadRequest): Promise<LoadResult> {
  const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.js', import.meta.url), { workerData: request });
    worker.once('message', (message: WorkerAnswer) => {
      void worker.terminate();
      resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the YAML loader's worker thread ended (exit code ${code}) without an answer`)));
  });
  if (!answer.ok) throw answerError(answer.error);
  const monitors: DesiredMonitor[] = [];
  const parts = answer.monitorParts;
  for (let i = 0; i < parts.length; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    for (const monitor of deserialize(parts[i]!) as DesiredMonitor[]) monitors.push(monitor);
    parts[i] = EMPTY; // each part freed once read
  }
  return { ...answer.result, state: { ...answer.result.state, monitors } };
}

function answerError(error: Extract<WorkerAnswer, { ok: false }>['error']): Error {
  if (error.code === undefined) return new Error(error.message);
  return new MonitorsError(error.code, error.message, { ...(error.hint !== undefined ? { hint: error.hint } : {}), ...(error.exitCode !== undefined ? { exitCode: error.exitCode } : {}) });
}
