import type { SelfProcess } from '../../ci/child.js';

/**
 * This very CLI, to be started again as a child per run (`monitors ci`, `--env all`), and
 * its SIGINT and SIGTERM, passed on to the run in progress (src/ci/child.ts). Only the CLI
 * reads process.argv and owns signal handlers (docs/architecture.md).
 */
export const SELF_PROCESS: SelfProcess = {
  command: process.execPath,
  args: [...process.execArgv, process.argv[1] ?? ''],
  onStopSignals: (handler) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => handler(signal));
  },
};
