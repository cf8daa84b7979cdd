// ipaddr.js, loaded on the first IP address met: most sets of monitors name hosts only.
// Through require, not import: Node's import of this CommonJS package costs several times
// more at start-up and keeps the process from exiting for tens of milliseconds after its
// work is done (measured on Node 20; `npm run bench -- startup`). In the compiled files
// (ES modules) `require` is made with createRequire; the bundle defines one, and
// esbuild bundles what it requires.
import { createRequire } from 'node:module';
import type Ipaddr from 'ipaddr.js';

let lib: typeof Ipaddr | undefined;

export function ipaddrLib(): typeof Ipaddr {
  lib ??= load() as typeof Ipaddr;
  return lib;
}

function load(): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberate: see above
  if (typeof require === 'function') return require('ipaddr.js');
  return createRequire(import.meta.url)('ipaddr.js');
}
