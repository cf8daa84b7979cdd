// The entry of the single-file bundle (`npm run bundle`): the CLI, or, on the YAML loader's
// worker thread (which the bundle starts from its own file, see worker/worker-script.ts),
// the loader. Both are imported lazily, so neither thread evaluates the other's code.
import { isMainThread, workerData } from 'node:worker_threads';
import { isLoadWorkerData } from './worker/worker-script.js';

if (!isMainThread && isLoadWorkerData(workerData)) await import('./worker/load-worker.js');
else await import('./main.js');
