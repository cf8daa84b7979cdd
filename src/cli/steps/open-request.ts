// What every command hands the workspace opener (src/workspace/request.ts) from this process:
// the working folder, the variables, --var, and the hooks only the CLI has: its progress
// steps (what a signal interrupts), stderr for the YAML's problems, the loader's worker
// thread, and the test holds.
import type { LockFile } from '../../lock/types.js';
import type { LockSource, WorkspaceRequest } from '../../workspace/request.js';
import { runVars } from '../run-vars/current.js';
import { planningStep, watchingSignals } from './interrupt.js';
import { holdForTest, spinForTest } from './test-hold.js';
import { loadInWorker } from '../worker/load-in-worker.js';

/** The fields of a workspace request this process fills in. */
export function fromProcess(): Pick<WorkspaceRequest, 'cwd' | 'env' | 'vars' | 'hooks'> {
  const env = process.env;
  return {
    cwd: process.cwd(),
    env,
    vars: runVars(),
    hooks: {
      step: planningStep,
      say: (text) => void process.stderr.write(text),
      offThread: { load: loadInWorker, always: watchingSignals() },
      beforeLoad: async (where) => {
        await holdForTest('loading', env);
        if (where === 'here') spinForTest('cpu-load', env);
      },
    },
  };
}

/** --lock and --lock-branch as the opener takes them. */
export function lockSource(
  flag: string | undefined,
  branch: { readLock: (lockPath: string) => Promise<LockFile | undefined> } | undefined,
): LockSource {
  return branch ? { file: flag, branch: branch.readLock } : { file: flag };
}
