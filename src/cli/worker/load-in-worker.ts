// The local reads of a plan on a worker thread: the YAML loaded and checked, and the lock
// file it names read, while the listing runs on the main thread. There each page is then
// answered at once instead of waiting behind the parsing (issue 17: the listing and the
// local work overlap instead of adding up).
import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { MonitorsError } from '../../errors.js';
import { LOCK_FORMAT_VERSION, type LockFile, type LockRecord } from '../../lock/types.js';
import type { DesiredMonitor } from '../../model/monitor.js';
import type { LoadedYaml } from '../../workspace/load-yaml.js';
import type { ErrorData, LoadRequest, LockAhead, WorkerAnswer } from './messages.js';
import { loadWorkerData, loadWorkerScript } from './worker-script.js';

/** The YAML and the lock file read ahead, as the workspace opener takes them (src/workspace/load-yaml.ts). */
export type LoadedAhead = LoadedYaml;

export async function loadInWorker(request: LoadRequest): Promise<LoadedAhead> {
  const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
    const worker = new Worker(loadWorkerScript(), { workerData: loadWorkerData(request) });
    let answered = false;
    worker.once('message', (message: WorkerAnswer) => {
      answered = true;
      // The answer is read once the thread is gone: its heap (the whole set as it loaded it)
      // is given back before the main thread builds its own copy of the monitors.
      const read = () => resolve(message);
      worker.terminate().then(read, read);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the YAML loader's worker thread ended (exit code ${code}) without an answer`));
    });
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
    ...(ahead.workspace ? { workspace: ahead.workspace } : {}),
    ...(ahead.policy ? { policy: ahead.policy } : {}),
    monitors: await readParts<LockRecord>(ahead.recordParts),
    ...(ahead.pending ? { pending_creates: ahead.pending } : {}),
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

function errorOf(error: ErrorData): Error {
  if (error.code === undefined)
    return Object.assign(new Error(error.message), error.stack ? { stack: error.stack } : {});
  return new MonitorsError(error.code, error.message, {
    ...(error.hint !== undefined ? { hint: error.hint } : {}),
    ...(error.exitCode !== undefined ? { exitCode: error.exitCode } : {}),
  });
}
