import type { MonitorsApi } from '../../api/types.js';
import { createLockRecorder } from '../../apply/lock-recorder.js';
import { executePlan, type ApplyResult } from '../../apply/execute.js';
import { createProgress } from '../../apply/progress.js';
import { failureReport, summaryLine } from '../../apply/report.js';
import { writeLockFileAtomic } from '../../lock/lock-file.js';
import type { LockFile } from '../../lock/types.js';
import type { Plan } from '../../plan/types.js';

export interface ApplyRun {
  plan: Plan;
  api: MonitorsApi;
  lock: LockFile;
  lockPath: string;
  env: NodeJS.ProcessEnv;
  concurrency?: number;
}

/** Executes a plan with progress on stderr and the summary on stdout; returns the result. */
export async function runApply(run: ApplyRun): Promise<ApplyResult> {
  const started = Date.now();
  const lock = createLockRecorder(run.lock, (l) => writeLockFileAtomic(run.lockPath, l));
  const progress = createProgress(process.stderr, Boolean(process.stderr.isTTY) && run.env.CI !== 'true');
  let result: ApplyResult;
  try {
    result = await executePlan(run.plan, {
      api: run.api,
      env: run.env,
      lock,
      ...(run.concurrency ? { concurrency: run.concurrency } : {}),
      onEvent: (e) => progress.onEvent(e),
    });
  } finally {
    progress.stop();
  }
  const lines = [...result.warnings.map((w) => `warning: ${w}`), ...failureReport(result), summaryLine(result, Date.now() - started)];
  process.stdout.write(`${lines.join('\n')}\n`);
  return result;
}
