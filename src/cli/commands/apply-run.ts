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
import { requestedEnvironment, type EnvironmentRequest } from '../planning/environment.js';
import { makePlan } from '../planning/make-plan.js';
import { renderPlan, useColor } from '../planning/render.js';
import { runApply } from '../planning/run-apply.js';

import type { ApplyOptions } from './apply.js';

/** The work of `monitors apply`, loaded only when that command runs. */
export async function runApplyCommand(paths: string[], options: ApplyOptions): Promise<number> {
  return options.plan ? applySavedPlan(paths, options) : applyFromConfig(paths, options);
}

async function applyFromConfig(paths: string[], options: ApplyOptions): Promise<number> {
  const environment = requestedEnvironment(options.env, process.env);
  const session = await makePlan({
    paths: paths.length > 0 ? paths : ['.'],
    lockFlag: options.lock,
    allowMassDelete: options.allowMassDelete,
    env: process.env,
    cwd: process.cwd(),
    command: 'apply',
    ...(environment ? { environment } : {}),
  });
  try {
    const { plan } = session;
    process.stdout.write(renderPlan(plan, 'text', useColor(process.stdout, process.env)));
    if (changeCount(plan) === 0) {
      await pruneStaleRecords(plan, session.lock, session.lockPath);
      return EXIT_OK;
    }
    await confirmApply(options.yes, process.stdin, { stderr: process.stderr, stdout: process.stdout });
    const lock = withoutRecords(session.lock, plan.stale_lock_ids ?? []);
    const { exitCode } = await runApply({ plan, api: session.api, lock, lockPath: session.lockPath, env: process.env, concurrency: concurrencyOf(options) });
    return exitCode;
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
  checkSavedEnvironment(saved.environment?.name, requestedEnvironment(options.env, process.env), file);
  const lockPath = options.lock ?? saved.lockPath;
  const lock = (await readLockFile(lockPath)) ?? { format_version: 1 as const, salt: saved.salt, monitors: [] };
  const api = createApiClient(apiConfigFromEnv(process.env, { ...(saved.apiUrl ? { apiUrl: saved.apiUrl } : {}), ...(saved.environment ? { environment: saved.environment } : {}) }));
  try {
    const live = await api.listMonitors();
    if (liveFingerprint(live) !== saved.plan.live_fingerprint || lock.salt !== saved.salt) {
      throw new MonitorsError('PLAN_STALE', `the saved plan ${file} is stale: the live monitors or the lock file changed since it was made; nothing was changed`, {
        hint: 'Run `monitors plan --out FILE` again, review it, and apply the new plan.',
      });
    }
    await checkEnvMatchesPlan(saved.plan, process.env, saved.salt);
    process.stdout.write(renderPlan(saved.plan, 'text', useColor(process.stdout, process.env)));
    if (changeCount(saved.plan) === 0) {
      await pruneStaleRecords(saved.plan, lock, lockPath);
      return EXIT_OK;
    }
    const { exitCode } = await runApply({ plan: saved.plan, api, lock: withoutRecords(lock, saved.plan.stale_lock_ids ?? []), lockPath, env: process.env, concurrency: concurrencyOf(options) });
    return exitCode;
  } finally {
    await api.close();
  }
}

/** A saved plan is applied in the environment it was made in; asking for another one is a slip. */
function checkSavedEnvironment(saved: string | undefined, request: EnvironmentRequest | undefined, file: string): void {
  if (!request || request.name === saved) return;
  const made = saved === undefined ? 'without an environment' : `in environment ${saved}`;
  throw new MonitorsError('ENV_MISMATCH', `the saved plan ${file} was made ${made}, but ${request.via === '--env' ? '--env' : 'MONITORS_ENV'} asks for ${request.name}; nothing was changed`, {
    hint: `Apply it without ${request.via === '--env' ? '--env' : 'MONITORS_ENV'} (the plan knows its environment), or make a plan for ${request.name}: monitors plan --env ${request.name} --out FILE.`,
  });
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
