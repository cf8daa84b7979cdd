// The entry of the single-file bundle (`npm run bundle`): the CLI, or, on the YAML loader's
// worker thread (which the bundle starts from its own file, see planning/worker-script.ts),
// the loader. Both are imported lazily, so neither thread evaluates the other's code.
import { isMainThread, workerData } from 'node:worker_threads';
import { isLoadWorkerData } from './planning/worker-script.js';

if (!isMainThread && isLoadWorkerData(workerData)) await import('./planning/load-worker.js');
else await import('./main.js');
