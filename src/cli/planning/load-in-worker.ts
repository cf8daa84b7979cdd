// Loads the YAML on a worker thread, so that the listing, which runs on the main thread
// meanwhile, gets each page answered at once instead of waiting behind the parsing
// (issue 17: the listing and the local work overlap instead of adding up).
import { Worker } from 'node:worker_threads';
import { MonitorsError } from '../../errors.js';
import type { LoadResult } from '../../load/index.js';

export interface LoadRequest {
  paths: string[];
  env: Record<string, string | undefined>;
  cwd: string;
}

/** What the worker posts: the loader's result, or its error as plain data (a class does not cross threads). */
export type WorkerAnswer = { ok: true; result: LoadResult } | { ok: false; error: { code?: string; message: string; hint?: string; exitCode?: number } };

export function loadInWorker(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.js', import.meta.url), { workerData: request });
    worker.once('message', (answer: WorkerAnswer) => {
      void worker.terminate();
      if (answer.ok) resolve(answer.result);
      else reject(answerError(answer.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the YAML loader's worker thread ended (exit code ${code}) without an answer`)));
  });
}

function answerError(error: Extract<WorkerAnswer, { ok: false }>['error']): Error {
  if (error.code === undefined) return new Error(error.message);
  return new MonitorsError(error.code, error.message, { ...(error.hint !== undefined ? { hint: error.hint } : {}), ...(error.exitCode !== undefined ? { exitCode: error.exitCode } : {}) });
}
