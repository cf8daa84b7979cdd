// What apply and destroy share once they hold a plan: show it, ask, run the writes with the
// lock written as each lands (run-apply.ts), push the lock branch, and end the command.
import type { ApiClient } from '../../api/client.js';
import { lockToPrune, settledLock } from '../../apply/settled-lock.js';
import { appliedWords, lockWrittenLine } from '../../render/apply-run-report.js';
import { EXIT_OK } from '../../errors.js';
import { writeLockFileAtomic } from '../../lock/lock-file.js';
import type { LockFile } from '../../lock/types.js';
import type { Plan } from '../../plan/types.js';
import { renderPlan, useColor } from './render-plan.js';
import { reportError } from '../run-main.js';
import { confirmApply, type Prompt } from './confirm.js';
import { finishApply } from './finish-apply.js';
import { exitWhenWatched, planningStep, settleExitCode, watchInterrupts } from './interrupt.js';
import { openLockBranchSession, type LockBranchSession } from './lock-branch-session.js';
import { lockShown, runApply } from './run-apply.js';
import { holdForTest } from './test-hold.js';
import type { WriteSettings } from './write-settings.js';

/** The end of a command that writes (apply, destroy): its exit code, settled against any signal received. */
export async function finishWritingCommand(run: () => Promise<number>): Promise<void> {
  let code: number;
  try {
    code = await run();
  } catch (error) {
    code = reportError(error);
  }
  process.exitCode = settleExitCode(code);
  await holdForTest('before-exit');
  await exitWhenWatched();
}

/** The lock branch (--lock-branch), if any; its lines go where the report goes. */
export function openBranch(
  settings: Pick<WriteSettings, 'format' | 'lockBranch' | 'lockRemote'>,
): LockBranchSession | undefined {
  const report = reportStream(settings);
  const out = { stdout: (text: string) => report.write(text), stderr: (text: string) => process.stderr.write(text) };
  return openLockBranchSession(
    { lockBranch: settings.lockBranch, lockRemote: settings.lockRemote },
    process.cwd(),
    process.env,
    out,
  );
}

/** With --format json, stdout holds the JSON result alone; the plan and the report go to stderr. */
export function reportStream(settings: Pick<WriteSettings, 'format'>): NodeJS.WriteStream {
  return settings.format === 'json' ? process.stderr : process.stdout;
}

export interface CarryOut {
  api: ApiClient;
  lock: LockFile;
  lockPath: string;
  branch: LockBranchSession | undefined;
  settings: WriteSettings;
  /** Ask for confirmation first (a saved plan was reviewed already). */
  ask: boolean;
  /** The lock was repaired from the listing: written even when nothing else changes. */
  lockRepaired: boolean;
  /** The YAML file declaring settings, to locate a refused value's var (see run-apply.ts). */
  settingsFile?: string | undefined;
  /** What is asked (default: apply's question). */
  prompt?: Prompt;
}

/**
 * Shows the plan, then applies it (or only drops stale lock records when it changes
 * nothing), saves the lock record to the lock branch if any, and follows the monitors with
 * --wait. The signal handlers stay installed to the end of the process (interrupt.ts), so
 * a cancel after the writes cannot cut the push of their record.
 */
export async function carryOut(
  plan: Plan,
  { api, lock, lockPath, branch, settings, ask, lockRepaired, settingsFile, prompt }: CarryOut,
): Promise<number> {
  const planOut = reportStream(settings);
  planOut.write(await renderPlan(plan, 'text', useColor(planOut, process.env)));
  const end = { plan, api, wait: settings.wait, format: settings.format, concurrency: settings.concurrency };
  if (plan.changes.length === 0) {
    // No change to send, but perhaps lock records to drop: a signal no longer cuts the run short.
    watchInterrupts(process.stderr).writesDone();
    const pruned = lockToPrune(plan, lock, lockRepaired);
    if (pruned) {
      await writeLockFileAtomic(lockPath, pruned);
      planOut.write(`${lockWrittenLine(lockShown(lockPath))}\n`);
    }
    if (branch) await branch.save(pruned ?? lock, undefined);
    return finishApply({ ...end, result: undefined, located: new Map(), exitCode: EXIT_OK });
  }
  if (ask) {
    const asking = planningStep('waiting for confirmation');
    await confirmApply(settings.yes, process.stdin, { stderr: process.stderr, stdout: planOut }, prompt).finally(
      asking,
    );
  }
  const run = {
    plan,
    api,
    lock: settledLock(plan, lock),
    lockPath,
    env: process.env,
    concurrency: settings.concurrency,
    format: settings.format,
    cwd: process.cwd(),
    ...(settingsFile !== undefined ? { settingsFile } : {}),
    ...(branch ? { announced: (l: LockFile) => branch.announce(l) } : {}),
  };
  const applied = await runApply(run);
  await branch?.save(applied.lock, appliedWords(applied.result));
  return finishApply({ ...end, result: applied.result, located: applied.located, exitCode: applied.exitCode });
}
