import { readFile } from 'node:fs/promises';
import { apiConfigFromEnv, createApiClient } from '../../api/client.js';
import { EXIT_OK, MonitorsError } from '../../errors.js';
import { checkEnvMatchesPlan } from '../../apply/env-check.js';
import { readLockFile, withoutRecords, writeLockFileAtomic } from '../../lock/lock-file.js';
import type { LockFile } from '../../lock/types.js';
import { liveFingerprint } from '../../plan/fingerprint.js';
import { parseSavedPlan } from '../../plan/saved-plan.js';
import type { Plan } from '../../plan/types.js';
import { confirmApply } from '../planning/confirm.js';
import { makePlan } from '../planning/make-plan.js';
import { renderPlan, useColor } from '../planning/render.js';
import { openLockBranchSession, PROCESS_OUTPUT, type LockBranchSession } from '../planning/lock-branch-session.js';
import type { MonitorsApi } from '../../api/types.js';
import { watchInterrupts } from '../planning/interrupt.js';
import { runApply } from '../planning/run-apply.js';
import type { ApplyResult } from '../../apply/execute.js';

import type { ApplyOptions } from './apply.js';

/** The work of `monitors apply`, loaded only when that command runs. */
export async function runApplyCommand(paths: string[], options: ApplyOptions): Promise<number> {
  return options.plan ? applySavedPlan(paths, options) : applyFromConfig(paths, options);
}

async function applyFromConfig(paths: string[], options: ApplyOptions): Promise<number> {
  const branch = openLockBranchSession(options, process.cwd(), process.env, PROCESS_OUTPUT);
  const session = await makePlan({
    paths: paths.length > 0 ? paths : ['.'],
    lockFlag: options.lock,
    allowMassDelete: options.allowMassDelete,
    env: process.env,
    cwd: process.cwd(),
    ...(branch ? { readLock: branch.readLock } : {}),
  });
  try {
    const { plan } = session;
    process.stdout.write(renderPlan(plan, 'text', useColor(process.stdout, process.env)));
    return await carryOut({ plan, api: session.api, lock: session.lock, lockPath: session.lockPath, branch, options, confirm: true });
  } finally {
    await session.api.close();
  }
}

async function applySavedPlan(paths: string[], options: ApplyOptions): Promise<number> {
  if (paths.length > 0) throw new MonitorsError('BAD_OPTION', '--plan applies a saved plan; do not pass YAML paths with it');
  const file = options.plan!;
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new MonitorsError('PLAN_FILE_UNREADABLE', `cannot read the saved plan ${file}: ${error.code ?? error.message}`);
  });
  const saved = parseSavedPlan(text);
  const lockPath = options.lock ?? saved.lockPath;
  const branch = openLockBranchSession(options, process.cwd(), process.env, PROCESS_OUTPUT);
  const lock = (await (branch?.readLock ?? readLockFile)(lockPath)) ?? { format_version: 1 as const, salt: saved.salt, monitors: [] };
  const api = createApiClient(apiConfigFromEnv(process.env, saved.apiUrl ? { apiUrl: saved.apiUrl } : {}));
  try {
    const live = await api.listMonitors();
    if (liveFingerprint(live) !== saved.plan.live_fingerprint || lock.salt !== saved.salt) {
      throw new MonitorsError('PLAN_STALE', `the saved plan ${file} is stale: the live monitors or the lock file changed since it was made; nothing was changed`, {
        hint: 'Run `monitors plan --out FILE` again, review it, and apply the new plan.',
      });
    }
    await checkEnvMatchesPlan(saved.plan, process.env, saved.salt);
    process.stdout.write(renderPlan(saved.plan, 'text', useColor(process.stdout, process.env)));
    return await carryOut({ plan: saved.plan, api, lock, lockPath, branch, options, confirm: false });
  } finally {
    await api.close();
  }
}

interface CarryOut {
  plan: Plan;
  api: MonitorsApi;
  lock: LockFile;
  lockPath: string;
  branch: LockBranchSession | undefined;
  options: ApplyOptions;
  /** Ask first (a plan made now); a saved plan was reviewed already. */
  confirm: boolean;
}

/**
 * Executes the plan (or, without changes, only drops stale records), then saves the lock
 * record to the lock branch, if any. The signal handlers stay installed to the end of the
 * process, so that a cancel after the writes cannot cut the push of their record.
 */
async function carryOut(c: CarryOut): Promise<number> {
  if (changeCount(c.plan) === 0) {
    const pruned = await pruneStaleRecords(c.plan, c.lock, c.lockPath);
    if (c.branch) watchInterrupts(process.stderr);
    await c.branch?.save(pruned, undefined);
    return EXIT_OK;
  }
  if (c.confirm) await confirmApply(c.options.yes, process.stdin, { stderr: process.stderr, stdout: process.stdout });
  const lock = withoutRecords(c.lock, c.plan.stale_lock_ids ?? []);
  const interrupt = watchInterrupts(process.stderr);
  const applied = await runApply({ plan: c.plan, api: c.api, lock, lockPath: c.lockPath, env: process.env, concurrency: concurrencyOf(c.options), interrupt });
  await c.branch?.save(applied.lock, doneCounts(applied.result));
  return applied.exitCode;
}

/** Records of monitors that no longer exist live are dropped, even when nothing else changes. */
async function pruneStaleRecords(plan: Plan, lock: LockFile, lockPath: string): Promise<LockFile> {
  const stale = plan.stale_lock_ids ?? [];
  if (stale.length === 0) return lock;
  const pruned = withoutRecords(lock, stale);
  await writeLockFileAtomic(lockPath, pruned);
  return pruned;
}

/** What an apply did, in the words of its summary line. */
function doneCounts(result: ApplyResult): string {
  const counts = `${result.created} created, ${result.replaced} replaced, ${result.deleted} deleted, ${result.failed} failed`;
  return result.interrupted ? `interrupted: ${counts}, ${result.notStarted} not started` : counts;
}

function changeCount(plan: Plan): number {
  return plan.summary.create + plan.summary.replace + plan.summary.delete;
}

function concurrencyOf(options: ApplyOptions): number {
  const n = Number(options.concurrency ?? '8');
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new MonitorsError('BAD_OPTION', `--concurrency must be a whole number from 1 to 64, not "${options.concurrency}"`);
  return n;
}
