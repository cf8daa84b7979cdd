// The loader on a worker thread (see load-in-worker.ts): reads the request, posts back the
// result or the error, and ends.
import { serialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { isMonitorsError } from '../../errors.js';
import { loadDesiredState } from '../../load/index.js';
import { MONITORS_PER_PART, type LoadRequest, type WorkerAnswer } from './load-in-worker.js';

const { paths, env, cwd } = workerData as LoadRequest;
let answer: WorkerAnswer;
try {
  const result = await loadDesiredState(paths, { env, cwd });
  const { monitors } = result.state;
  const parts: Uint8Array[] = [];
  for (let start = 0; start < monitors.length; start += MONITORS_PER_PART) parts.push(serialize(monitors.slice(start, start + MONITORS_PER_PART)));
  answer = { ok: true, result: { ...result, state: { ...result.state, monitors: [] } }, monitorParts: parts };
} catch (error) {
  answer = isMonitorsError(error)
    ? { ok: false, error: { code: error.code, message: error.message, hint: error.hint, exitCode: error.exitCode } }
    : { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
}
parentPort!.postMessage(answer);
