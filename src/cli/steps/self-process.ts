// This CLI as `monitors ci` starts it again, with its signals passed on.
import type { SelfProcess } from '../../ci/child.js';

/** This very CLI, started again for each run; its signals passed on to the run in progress (src/ci/child.ts). */
export const SELF: SelfProcess = {
  command: process.execPath,
  args: [...process.execArgv, process.argv[1] ?? ''],
  onStopSignals: (handler) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => handler(signal));
  },
};
