// Runs an apply's writes with progress on stderr and the summary on stdout, and writes its lock.
import type { MonitorsApi } from '../../api/types.js';
import { createLockRecorder } from '../../apply/lock-recorder.js';
import { executePlan } from '../../apply/execute.js';
import type { ApplyResult } from '../../apply/types.js';
import { createProgress } from './apply-progress.js';
import { applyRunText, lockErrorText } from '../../render/apply-run-report.js';
import { EXIT_ERROR, EXIT_OK } from '../../errors.js';
import { sameLockText, writeLockFileAtomic } from '../../lock/lock-file.js';
import { withPending } from '../../lock/pending-creates.js';
import type { LockFile } from '../../lock/types.js';
import type { Plan } from '../../plan/types.js';
import type { FailureLocations, VarSources } from '../../plan/failure-location.js';
import { locateFailures } from '../../locate/locate-failures.js';
import type { ApplyFormat } from './apply-format.js';
import { watchInterrupts } from './interrupt.js';
import { holdBeforeNewRecord, holdForTest } from './test-hold.js';
import { resolve } from 'node:path';
import { displayPath } from '../../model/display-path.js';

/** Where apply wrote the lock file (the file to commit): relative inside the working folder, else absolute. */
export function lockShown(lockPath: string): string {
  const shown = displayPath(lockPath, process.cwd());
  return shown.startsWith('../') ? resolve(lockPath) : shown;
}

export interface ApplyRun {
  plan: Plan;
  api: MonitorsApi;
  lock: LockFile;
  lockPath: string;
  env: NodeJS.ProcessEnv;
  concurrency?: number;
  /** text: the report on stdout; json: the report on stderr (stdout keeps the JSON document the command prints at its end). */
  format?: ApplyFormat;
  /** The folder the plan's YAML paths are relative to (failures are located there). */
  cwd?: string;
  /** The YAML file declaring settings (as the plan's sources name files): where an environment's vars are set. */
  settingsFile?: string;
  /** Once the lock file says which creates go out, before the first is sent: the lock branch takes it too. */
  announced?: (lock: LockFile) => Promise<void>;
}

export interface ApplyRunResult {
  result: ApplyResult;
  /** Where the YAML writes each failed change. */
  located: FailureLocations;
  /** The lock as the apply left it (also when writing it to disk failed). */
  lock: LockFile;
  /** 0 done, 1 a change failed, 130 / 143 interrupted by SIGINT / SIGTERM. */
  exitCode: number;
}

/** Executes a plan with progress on stderr and the summary on stdout. */
export async function runApply(run: ApplyRun): Promise<ApplyRunResult> {
  const started = Date.now();
  let lockWritten = false;
  const holdBeforeWrite = holdBeforeNewRecord(run.env, run.lock);
  const lock = createLockRecorder(run.lock, async (l) => {
    await holdBeforeWrite(l);
    await writeLockFileAtomic(run.lockPath, l);
    lockWritten = true;
  });
  const progress = createProgress(process.stderr, Boolean(process.stderr.isTTY) && run.env.CI !== 'true');
  // Installed until the process exits (see interrupt.ts): the report and the lock file
  // after the writes are not cut short by a signal either.
  const interrupt = watchInterrupts(process.stderr);
  interrupt.onSignal(() => progress.interrupted());
  let result: ApplyResult;
  try {
    result = await executePlan(run.plan, {
      api: run.api,
      env: run.env,
      lock,
      signal: interrupt.signal,
      ...(run.concurrency ? { concurrency: run.concurrency } : {}),
      onEvent: (e) => progress.onEvent(e),
      beforeFlush: async () => {
        interrupt.writesDone();
        await holdForTest('after-writes', run.env);
      },
      afterAnnounce: async () => {
        await run.announced?.(lock.current());
        await holdForTest('before-creates', run.env);
      },
      beforeVerify: async () => {
        // Held here, the lock file on disk first holds every record made so far.
        if (run.env.MONITORS_TEST_HOLD === 'before-verify') await lock.flush();
        await holdForTest('before-verify', run.env);
      },
    });
  } finally {
    progress.stop();
    interrupt.writesDone();
  }
  const located = await locateSafely(result, run.cwd ?? process.cwd(), {
    ...(run.plan.environment !== undefined ? { environment: run.plan.environment } : {}),
    ...(run.settingsFile !== undefined ? { settingsFile: run.settingsFile } : {}),
  });
  // Announcing creates writes the file too; it is said to be written only when a record
  // changed (an entry of a create in flight alone is settled by the next plan).
  const recordsChanged = lockWritten && !sameLockText(withPending(run.lock, []), withPending(lock.current(), []));
  reportApply(result, located, run, Date.now() - started, recordsChanged);
  const lockError = lockErrorText(result);
  if (lockError !== '') process.stderr.write(lockError);
  await holdForTest('after-summary', run.env);
  return {
    result,
    located,
    lock: lock.current(),
    exitCode: interrupt.exitCode() ?? (result.failed > 0 || result.lockError ? EXIT_ERROR : EXIT_OK),
  };
}

/**
 * The report: warnings, failures (located in the YAML), the summary line; GitHub
 * annotations of the failures under Actions. On stderr with --format json.
 */
function reportApply(
  result: ApplyResult,
  located: FailureLocations,
  run: ApplyRun,
  elapsedMs: number,
  lockWritten: boolean,
): void {
  const text = applyRunText({
    result,
    located,
    intent: run.plan.intent ?? 'apply',
    elapsedMs,
    lockWritten: lockWritten ? lockShown(run.lockPath) : undefined,
    annotations: run.env.GITHUB_ACTIONS === 'true',
  });
  // With --format json stdout holds the JSON document only; people and workflow commands read stderr.
  const out = run.format === 'json' ? process.stderr : process.stdout;
  out.write(text);
}

/** Locating is a courtesy: a file that cannot be read or parsed leaves the report as it was. */
async function locateSafely(result: ApplyResult, cwd: string, vars: VarSources): Promise<FailureLocations> {
  try {
    return await locateFailures(result.outcomes, cwd, vars);
  } catch {
    return new Map();
  }
}
