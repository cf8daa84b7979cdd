import type { MonitorsApi } from '../../api/types.js';
import { createLockRecorder } from '../../apply/lock-recorder.js';
import { executePlan, type ApplyResult } from '../../apply/execute.js';
import { createProgress } from '../../apply/progress.js';
import { failureReport, lockErrorReport, summaryLine } from '../../apply/report.js';
import { printable } from '../../render/printable.js';
import { EXIT_ERROR, EXIT_OK } from '../../errors.js';
import { writeLockFileAtomic } from '../../lock/lock-file.js';
import type { LockFile } from '../../lock/types.js';
import type { Plan } from '../../plan/types.js';
import type { Interrupt } from './interrupt.js';

export interface ApplyRun {
  plan: Plan;
  api: MonitorsApi;
  lock: LockFile;
  lockPath: string;
  env: NodeJS.ProcessEnv;
  concurrency?: number;
  /**
   * The caller's SIGINT/SIGTERM handlers (watchInterrupts), installed for the rest of the
   * command: a signal after the writes, while the lock record is saved or the process
   * winds down, must not kill it half-way (a second one still stops it at once).
   */
  interrupt: Interrupt;
}

export interface ApplyRunResult {
  result: ApplyResult;
  /** The lock as the apply left it (also when writing it to disk failed). */
  lock: LockFile;
  /** 0 done, 1 a change failed, 130 / 143 interrupted by SIGINT / SIGTERM. */
  exitCode: number;
}

/** Executes a plan with progress on stderr and the summary on stdout. */
export async function runApply(run: ApplyRun): Promise<ApplyRunResult> {
  const started = Date.now();
  const lock = createLockRecorder(run.lock, (l) => writeLockFileAtomic(run.lockPath, l));
  const progress = createProgress(process.stderr, Boolean(process.stderr.isTTY) && run.env.CI !== 'true');
  const { interrupt } = run;
  let result: ApplyResult;
  try {
    result = await executePlan(run.plan, {
      api: run.api,
      env: run.env,
      lock,
      signal: interrupt.signal,
      ...(run.concurrency ? { concurrency: run.concurrency } : {}),
      onEvent: (e) => progress.onEvent(e),
    });
  } finally {
    progress.stop();
  }
  const lines = [...result.warnings.map((w) => `warning: ${w}`), ...failureReport(result), summaryLine(result, Date.now() - started)];
  // Names and messages may come from the server: control characters are shown, never sent raw.
  process.stdout.write(`${lines.map(printable).join('\n')}\n`);
  const lockError = lockErrorReport(result);
  if (lockError.length > 0) process.stderr.write(`${lockError.map(printable).join('\n')}\n`);
  return { result, lock: lock.current(), exitCode: interrupt.exitCode() ?? (result.failed > 0 || result.lockError ? EXIT_ERROR : EXIT_OK) };
}
