// The loader on a worker thread (see load-in-worker.ts): reads the request, posts back the
// result or the error, and ends.
import { parentPort, workerData } from 'node:worker_threads';
import { isMonitorsError } from '../../errors.js';
import { loadDesiredState } from '../../load/index.js';
import type { LoadRequest, WorkerAnswer } from './load-in-worker.js';

const { paths, env, cwd } = workerData as LoadRequest;
let answer: WorkerAnswer;
try {
  answer = { ok: true, result: await loadDesiredState(paths, { env, cwd }) };
} catch (error) {
  answer = isMonitorsError(error)
    ? { ok: false, error: { code: error.code, message: error.message, hint: error.hint, exitCode: error.exitCode } }
    : { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
}
parentPort!.postMessage(answer);
