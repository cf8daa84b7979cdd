// The entry of the bundle (`npm run bundle`): the CLI, or, on the YAML loader's worker
// thread (which the bundle starts from this entry, see worker/worker-script.ts), the loader.
// Both are imported lazily, so neither thread evaluates the other's code.
import { isMainThread, workerData } from 'node:worker_threads';
import { isLoadWorkerData, setBundleEntry } from './worker/worker-script.js';

if (!isMainThread && isLoadWorkerData(workerData)) await import('./worker/load-worker.js');
else {
  setBundleEntry(import.meta.url);
  await import('./main.js');
}
