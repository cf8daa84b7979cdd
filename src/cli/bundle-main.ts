#!/usr/bin/env node
// The entry of both built forms: the bundle's monitors.mjs (`npm run bundle`) and the
// package's dist/cli/main.js (scripts/build-package.mjs). It has no static import, so
// `monitors --version` is answered from the version fixed at build time before Node reads
// one more file (each module file costs a start its resolution, read, compile and link:
// `npm run bench -- startup`). Otherwise, on the YAML loader's worker thread (which the
// built forms start from this entry, see worker/worker-script.ts), the loader; else the
// CLI. Both are imported lazily, so neither thread evaluates the other's code. A command
// with a script of its own (scripts/fast-paths.mjs: the CLI with the other commands left
// out, as one classic script whose compiled code V8 keeps between runs) is run from it
// (start/command-script.ts).
// The version, fixed by both builds (MONITORS_BUNDLE_VERSION, which says the bundle, is the bundle's alone).
declare const MONITORS_VERSION: string | undefined;
// The JSON text of a map from each such command to its script: its file, relative to this
// one, and its build (a text: an object defined would be a module of its own).
declare const MONITORS_FAST_PATHS: string | undefined;

import type { CommandScript } from './start/command-script.js';

const args = process.argv.slice(2);
const version = typeof MONITORS_VERSION === 'string' ? MONITORS_VERSION : undefined;
// The command named, as command-modules.ts finds it: the program's own options take no value.
const named = args.find((arg) => !arg.startsWith('-'));
type FastPaths = Record<string, CommandScript>;
const fastPaths = typeof MONITORS_FAST_PATHS === 'string' ? (JSON.parse(MONITORS_FAST_PATHS) as FastPaths) : {};
if (version !== undefined && args.length === 1 && (args[0] === '--version' || args[0] === '-V')) printVersion(version);
else if (named !== undefined && Object.hasOwn(fastPaths, named))
  (await import('./start/command-script.js')).runCommandScript(named, fastPaths[named]!, import.meta.url);
else {
  const [threads, { isLoadWorkerData, setBundleEntry }] = await Promise.all([
    import('node:worker_threads'),
    import('./worker/worker-script.js'),
  ]);
  if (!threads.isMainThread && isLoadWorkerData(threads.workerData as unknown)) await import('./worker/load-worker.js');
  else {
    setBundleEntry(import.meta.url);
    await import('./main.js');
  }
}

/**
 * One write to the file descriptor: process.stdout would load Node's streams and, on a pipe
 * or a terminal, its net module, which take longer than the rest of this start. A reader
 * gone (EPIPE) is no failure, as closed-output.ts has it for every command.
 */
function printVersion(version: string): void {
  try {
    process.getBuiltinModule('node:fs').writeSync(1, `${version}\n`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN')
      process.stdout.write(`${version}\n`); // a full non-blocking pipe: the stream waits
    else if (code !== 'EPIPE') {
      process.exitCode = 1;
      // The words are render's (as for every command); loaded only on this failure, so that
      // the version's path stays free of imports.
      const message = (error as Error).message;
      void import('../render/error-report.js').then(({ outputFailedLine }) =>
        process.stderr.write(outputFailedLine(message)),
      );
    }
  }
}
