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
import { runApply } from '../planning/run-apply.js';

import type { ApplyOptions } from './apply.js';
import { applyModeOf, finishApply, type ApplyMode } from './apply-wait.js';

/** The work of `monitors apply`, loaded only when that command runs. */
export async function runApplyCommand(paths: string[], options: ApplyOptions): Promise<number> {
  const mode = applyModeOf(paths, options);
  return options.plan ? applySavedPlan(mode.paths, options, mode) : applyFromConfig(mode.paths, options, mode);
}

async function applyFromConfig(paths: string[], options: ApplyOptions, mode: ApplyMode): Promise<number> {
  const session = await makePlan({
    paths: paths.length > 0 ? paths : ['.'],
    lockFlag: options.lock,
    allowMassDelete: options.allowMassDelete,
    env: process.env,
    cwd: process.cwd(),
  });
  try {
    const { plan } = session;
    const out = mode.json ? process.stderr : process.stdout;
    const end = { plan, api: session.api, mode, concurrency: concurrencyOf(options) };
    out.write(renderPlan(plan, 'text', useColor(out, process.env)));
    if (changeCount(plan) === 0) {
      await pruneStaleRecords(plan, session.lock, session.lockPath);
      return await finishApply({ ...end, result: undefined, exitCode: EXIT_OK });
    }
    await confirmApply(options.yes, process.stdin, { stderr: process.stderr, stdout: out });
    const lock = withoutRecords(session.lock, plan.stale_lock_ids ?? []);
    const { result, exitCode } = await runApply({ plan, api: session.api, lock, lockPath: session.lockPath, env: process.env, concurrency: end.concurrency, out });
    return await finishApply({ ...end, result, exitCode });
  } finally {
    await session.api.close();
  }
}

async function applySavedPlan(paths: string[], options: ApplyOptions, mode: ApplyMode): Promise<number> {
  if (paths.length > 0) throw new MonitorsError('BAD_OPTION', '--plan applies a saved plan; do not pass YAML paths with it');
  const file = options.plan!;
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new MonitorsError('PLAN_FILE_UNREADABLE', `cannot read the saved plan ${file}: ${error.code ?? error.message}`);
  });
  const saved = parseSavedPlan(text);
  const lockPath = options.lock ?? saved.lockPath;
  const lock = (await readLockFile(lockPath)) ?? { format_version: 1 as const, salt: saved.salt, monitors: [] };
  const api = createApiClient(apiConfigFromEnv(process.env, saved.apiUrl ? { apiUrl: saved.apiUrl } : {}));
  try {
    const live = await api.listMonitors();
    if (liveFingerprint(live) !== saved.plan.live_fingerprint || lock.salt !== saved.salt) {
      throw new MonitorsError('PLAN_STALE', `the saved plan ${file} is stale: the live monitors or the lock file changed since it was made; nothing was changed`, {
        hint: 'Run `monitors plan --out FILE` again, review it, and apply the new plan.',
      });
    }
    await checkEnvMatchesPlan(saved.plan, process.env, saved.salt);
    const out = mode.json ? process.stderr : process.stdout;
    const end = { plan: saved.plan, api, mode, concurrency: concurrencyOf(options) };
    out.write(renderPlan(saved.plan, 'text', useColor(out, process.env)));
    if (changeCount(saved.plan) === 0) {
      await pruneStaleRecords(saved.plan, lock, lockPath);
      return await finishApply({ ...end, result: undefined, exitCode: EXIT_OK });
    }
    const { result, exitCode } = await runApply({ plan: saved.plan, api, lock: withoutRecords(lock, saved.plan.stale_lock_ids ?? []), lockPath, env: process.env, concurrency: end.concurrency, out });
    return await finishApply({ ...end, result, exitCode });
  } finally {
    await api.close();
  }
}

/** Records of monitors that no longer exist live are dropped, even when nothing else changes. */
async function pruneStaleRecords(plan: Plan, lock: LockFile, lockPath: string): Promise<void> {
  const stale = plan.stale_lock_ids ?? [];
  if (stale.length > 0) await writeLockFileAtomic(lockPath, withoutRecords(lock, stale));
}

function changeCount(plan: Plan): number {
  return plan.summary.create + plan.summary.replace + plan.summary.delete;
}

function concurrencyOf(options: ApplyOptions): number {
  const n = Number(options.concurrency ?? '8');
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new MonitorsError('BAD_OPTION', `--concurrency must be a whole number from 1 to 64, not "${options.concurrency}"`);
  return n;
}
