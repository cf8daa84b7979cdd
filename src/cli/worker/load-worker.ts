// The worker thread of load-in-worker.ts: loads the YAML (the workspace opener's load); when it
// has no errors, reads the lock file chosen as the opener chooses it; posts both back, and ends.
import { serialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { loadYamlHere, type YamlLoad } from '../../workspace/load-yaml.js';
import { chooseLockFile } from '../../workspace/lock-choice.js';
import { readLockAt } from '../../workspace/read-lock.js';
import { errorData, toParts, type LockAhead, type WorkerAnswer } from './messages.js';
import { holdForTest, spinForTest } from '../steps/test-hold.js';
import type { LoadWorkerData } from './worker-script.js';

const { request } = workerData as LoadWorkerData;
let answer: WorkerAnswer;
try {
  await holdForTest('worker-load', request.env);
  spinForTest('cpu-load', request.env);
  const { result } = await loadYamlHere(request);
  const { state, diagnostics, declaredEnvironments, lockFilesSeen } = result;
  const lock =
    request.lockFile && !diagnostics.some((d) => d.severity === 'error')
      ? await readLock(result, request.lockFile.flag)
      : undefined;
  // The monitors go in parts; the states of other environments, which plan does not use, not at all.
  answer = {
    ok: true,
    result: { state: { ...state, monitors: [] }, diagnostics, declaredEnvironments, lockFilesSeen },
    monitorParts: toParts(state.monitors, serialize),
    lock,
  };
} catch (error) {
  answer = { ok: false, error: errorData(error) };
}
// The parts are moved to the main thread, not copied: at 100,000 monitors a copy is 150 MB
// more at the moment the memory of both threads is at its highest.
parentPort!.postMessage(answer, answer.ok ? transferable(answer) : []);

/** The buffers of the answer's parts that are theirs alone (none is a slice of a shared pool). */
function transferable(answer: Extract<WorkerAnswer, { ok: true }>): ArrayBuffer[] {
  const lock = answer.lock && 'recordParts' in answer.lock ? answer.lock.recordParts : [];
  return [...answer.monitorParts, ...lock]
    .filter((part) => part.byteOffset === 0 && part.byteLength === part.buffer.byteLength)
    .map((part) => part.buffer as ArrayBuffer);
}

async function readLock(result: YamlLoad, flag: string | undefined): Promise<LockAhead> {
  const { state, lockFilesSeen } = result;
  const { path } = chooseLockFile({ paths: request.paths, flag, cwd: request.cwd }, state.settings, {
    files: state.files,
    lockFilesSeen,
  }).location;
  try {
    const { lock } = await readLockAt({ file: flag }, path);
    if (!lock) return { path, missing: true };
    const parts = {
      path,
      salt: lock.salt,
      recordParts: toParts(lock.monitors, serialize),
      ...(lock.workspace ? { workspace: lock.workspace } : {}),
      ...(lock.policy ? { policy: lock.policy } : {}),
    };
    return lock.pending_creates ? { ...parts, pending: lock.pending_creates } : parts;
  } catch (error) {
    return { path, error: errorData(error) };
  }
}
