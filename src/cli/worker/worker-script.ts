// Where the YAML loader's worker thread starts. From the compiled files (dist/src):
// load-worker.js beside this module. From the built forms (the bundle, scripts/bundle.mjs,
// and the package's dist/cli, scripts/build-package.mjs), where this module sits in a chunk:
// their entry, which registers itself (src/cli/bundle-main.ts), tells the loader's thread
// apart by its workerData and runs load-worker there instead of the CLI.
import type { LoadRequest } from './messages.js';

const LOAD_WORKER_ROLE = 'monitors-yaml-loader';

/** What the loader's thread is started with. */
export interface LoadWorkerData {
  role: typeof LOAD_WORKER_ROLE;
  request: LoadRequest;
}

export function loadWorkerData(request: LoadRequest): LoadWorkerData {
  return { role: LOAD_WORKER_ROLE, request };
}

export function isLoadWorkerData(data: unknown): data is LoadWorkerData {
  return typeof data === 'object' && data !== null && (data as { role?: unknown }).role === LOAD_WORKER_ROLE;
}

let bundleEntry: URL | undefined;

/** Called by the bundle's entry with its own URL, before the CLI loads. */
export function setBundleEntry(url: string): void {
  bundleEntry = new URL(url);
}

export function loadWorkerScript(): URL {
  return bundleEntry ?? new URL('./load-worker.js', import.meta.url);
}
