// For tests only: MONITORS_TEST_HOLD=<stage> stops the command at that stage, says so on
// stderr ("test hold: <stage>"), and waits until the file MONITORS_TEST_HOLD_RELEASE exists
// (at most 60 s). A test can so deliver SIGINT or SIGTERM inside a window that is
// otherwise a few milliseconds wide (loading the YAML, on the main thread or the worker
// thread; after the writes, while reporting), wait for the tool to acknowledge it, then
// let it go on. `cpu-load` instead computes without a pause where the YAML is loaded (a
// stand-in for a set so large that loading it takes minutes), so that a test can check
// that a signal is still answered then. Unset, each costs one comparison.
import { existsSync } from 'node:fs';
import type { LockFile } from '../../lock/types.js';

export type HoldStage =
  | 'loading'
  | 'worker-load'
  | 'before-creates'
  | 'before-verify'
  | 'create-record-write'
  | 'after-writes'
  | 'after-summary'
  | 'before-exit'
  | 'cpu-load';

export async function holdForTest(stage: HoldStage, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env.MONITORS_TEST_HOLD !== stage) return;
  const release = env.MONITORS_TEST_HOLD_RELEASE;
  process.stderr.write(`test hold: ${stage}\n`);
  const until = Date.now() + 60_000;
  while (release && !existsSync(release) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * `create-record-write`: holds before the first lock write that carries the record of a
 * monitor the lock did not record before, i.e. a create the server has answered (committed)
 * whose record is not on disk yet: a kill there loses exactly that record.
 */
export function holdBeforeNewRecord(env: NodeJS.ProcessEnv, initial: LockFile): (lock: LockFile) => Promise<void> {
  if (env.MONITORS_TEST_HOLD !== 'create-record-write') return () => Promise.resolve();
  const before = new Set(initial.monitors.map((r) => r.id));
  return async (lock) => {
    if (lock.monitors.some((r) => !before.has(r.id))) await holdForTest('create-record-write', env);
  };
}

/**
 * `cpu-load`: keeps the thread it runs on busy, never yielding to its event loop, until the
 * release file exists (at most 60 s), as a long computation would.
 */
export function spinForTest(stage: 'cpu-load', env: NodeJS.ProcessEnv = process.env): void {
  if (env.MONITORS_TEST_HOLD !== stage) return;
  const release = env.MONITORS_TEST_HOLD_RELEASE;
  process.stderr.write(`test hold: ${stage}\n`);
  const until = Date.now() + 60_000;
  while (release && !existsSync(release) && Date.now() < until) {
    // computing: nothing else runs on this thread meanwhile
  }
}
