import { readFile } from 'node:fs/promises';
import { apiConfigFromEnv, createApiClient, type ApiClient } from '../../api/client.js';
import type { ApplyResult } from '../../apply/types.js';
import { doneCounts as countsOf } from '../../apply/report.js';
import { parseApplyFormat, type ApplyFormat } from '../steps/apply-format.js';
import { EXIT_OK, MonitorsError } from '../../errors.js';
import { checkEnvMatchesPlan } from '../../apply/env-check.js';
import { readLockFile, withoutRecords, writeLockFileAtomic } from '../../lock/lock-file.js';
import { settlePending } from '../../lock/pending-creates.js';
import type { LockFile } from '../../lock/types.js';
import { liveFingerprint } from '../../plan/fingerprint.js';
import { repairDuplicateIds } from '../../plan/lock-repair.js';
import { parseSavedPlan, type SavedUrlOrigin } from '../../plan/saved-plan.js';
import type { Plan } from '../../plan/types.js';
import { confirmApply, type Prompt } from '../steps/confirm.js';
import { requestedEnvironment, type EnvironmentRequest } from '../steps/environment.js';
import { exitWhenWatched, planningStep, settleExitCode, watchInterrupts, watchPlanning } from '../steps/interrupt.js';
import { openLockBranchSession, type LockBranchSession } from '../steps/lock-branch-session.js';
import { makePlan } from '../planning/make-plan.js';
import { parseNarrowing, refuseWithSavedPlan, type Narrowing } from '../planning/narrow.js';
import { fileOption, parseConcurrency } from '../steps/options.js';
import { renderPlan, useColor } from '../planning/render.js';
import { lockWrittenLine, runApply } from '../steps/run-apply.js';
import { holdForTest } from '../steps/test-hold.js';
import { reportError } from '../run-main.js';
import type { WaitOptions } from '../../wait/after-apply.js';

import type { ApplyOptions } from './apply-options.js';
import { finishApply, waitModeOf } from './apply-wait.js';

/** The options of `monitors apply`, each checked before anything is read or sent. */
export interface ApplySettings {
  concurrency: number;
  format: ApplyFormat;
  lock: string | undefined;
  plan: string | undefined;
  yes: boolean;
  allowMassDelete: boolean;
  apiUrl: string | undefined;
  /** --env / MONITORS_ENV. */
  environment: EnvironmentRequest | undefined;
  lockBranch: string | undefined;
  lockRemote: string | undefined;
  /** The YAML paths (--wait may have taken the first one as its value). */
  paths: string[];
  /** --target and --replace. */
  narrowing: Narrowing;
  wait: WaitOptions | undefined;
}

/**
 * `monitors apply` to its exit code: a signal received at any time since the writes
 * began makes it 130 / 143, also one that comes after the summary (see interrupt.ts).
 */
export async function finishApplyCommand(paths: string[], options: ApplyOptions): Promise<void> {
  await finishWritingCommand(() => runApplyCommand(paths, options));
}

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

/** The work of `monitors apply`, loaded only when that command runs. */
export async function runApplyCommand(paths: string[], options: ApplyOptions): Promise<number> {
  const settings = applySettings(paths, options);
  watchPlanning(process.stderr);
  return settings.plan !== undefined
    ? applySavedPlan(settings.plan, settings)
    : applyFromConfig(settings.paths, settings);
}

export function applySettings(args: string[], options: ApplyOptions): ApplySettings {
  const { paths, wait } = waitModeOf(args, options);
  const plan = fileOption('--plan', options.plan);
  if (plan !== undefined && paths.length > 0)
    throw new MonitorsError('BAD_OPTION', '--plan applies a saved plan; do not pass YAML paths with it');
  const narrowing = parseNarrowing(options.target, options.replace);
  if (plan !== undefined) refuseWithSavedPlan(narrowing);
  return {
    concurrency: parseConcurrency(options.concurrency),
    format: parseApplyFormat(options.format),
    lock: fileOption('--lock', options.lock),
    plan,
    yes: options.yes ?? false,
    allowMassDelete: options.allowMassDelete ?? false,
    apiUrl: options.apiUrl,
    environment: requestedEnvironment(options.env, process.env),
    lockBranch: options.lockBranch,
    lockRemote: options.lockRemote,
    paths,
    narrowing,
    wait,
  };
}

/** The lock branch (--lock-branch), if any; its lines go where the report goes. */
export function openBranch(
  settings: Pick<ApplySettings, 'format' | 'lockBranch' | 'lockRemote'>,
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
function reportStream(settings: Pick<ApplySettings, 'format'>): NodeJS.WriteStream {
  return settings.format === 'json' ? process.stderr : process.stdout;
}

async function applyFromConfig(paths: string[], options: ApplySettings): Promise<number> {
  const branch = openBranch(options);
  // Only what the apply needs is kept: the desired monitors (100,000 of them, say) are let go.
  const {
    plan,
    api,
    lock,
    lockPath,
    lockRepaired,
    desired: { settings },
  } = await makePlan({
    paths: paths.length > 0 ? paths : ['.'],
    lockFlag: options.lock,
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
    allowMassDelete: options.allowMassDelete,
    env: process.env,
    cwd: process.cwd(),
    command: 'apply',
    ...options.narrowing,
    ...(options.environment ? { environment: options.environment } : {}),
    ...(branch ? { readLock: branch.readLock } : {}),
  });
  try {
    const settingsFile = settings.source?.file;
    return await carryOut(plan, {
      api,
      lock,
      lockPath,
      branch,
      settings: options,
      ask: true,
      lockRepaired,
      settingsFile,
    });
  } finally {
    await api.close();
  }
}

export interface CarryOut {
  api: ApiClient;
  lock: LockFile;
  lockPath: string;
  branch: LockBranchSession | undefined;
  settings: ApplySettings;
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
  planOut.write(renderPlan(plan, 'text', useColor(planOut, process.env)));
  const end = { plan, api, wait: settings.wait, format: settings.format, concurrency: settings.concurrency };
  if (changeCount(plan) === 0) {
    // No change to send, but perhaps lock records to drop: a signal no longer cuts the run short.
    watchInterrupts(process.stderr).writesDone();
    const pruned = await pruneStaleRecords(plan, lock, lockPath, planOut, lockRepaired);
    if (branch) await branch.save(pruned, undefined);
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
  await branch?.save(applied.lock, doneCounts(applied.result));
  return finishApply({ ...end, result: applied.result, located: applied.located, exitCode: applied.exitCode });
}

async function applySavedPlan(file: string, options: ApplySettings): Promise<number> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new MonitorsError(
      'PLAN_FILE_UNREADABLE',
      `cannot read the saved plan ${file}: ${error.code ?? error.message}`,
    );
  });
  const saved = parseSavedPlan(text);
  const checking = planningStep(`checking that the saved plan ${file} is current`);
  checkSavedEnvironment(saved.environment?.name, options.environment, file);
  const lockPath = options.lock ?? saved.lockPath;
  const branch = openBranch(options);
  const read = (await (branch?.readLock ?? readLockFile)(lockPath)) ?? {
    format_version: 1 as const,
    salt: saved.salt,
    monitors: [],
  };
  const api = createApiClient(
    apiConfigFromEnv(process.env, {
      ...(options.apiUrl ? { flagApiUrl: options.apiUrl } : {}),
      ...(saved.apiUrl ? { apiUrl: saved.apiUrl, ...savedOrigin(saved, file) } : {}),
      ...(saved.environment
        ? {
            environment: {
              ...saved.environment,
              ...savedOrigin(saved.environment, file),
              ...(saved.environment.tokenEnvAt
                ? { tokenEnvAt: `${saved.environment.tokenEnvAt}, saved in ${file}` }
                : {}),
            },
          }
        : {}),
    }),
  );
  try {
    const live = await api.listMonitors();
    const repair = repairDuplicateIds(read, live); // as the plan did (its notes said so)
    const lock = repair.lock;
    if (liveFingerprint(live) !== saved.plan.live_fingerprint || lock.salt !== saved.salt) {
      throw new MonitorsError(
        'PLAN_STALE',
        `the saved plan ${file} is stale: the live monitors or the lock file changed since it was made; nothing was changed`,
        {
          hint: 'Run `monitors plan --out FILE` again, review it, and apply the new plan.',
        },
      );
    }
    await checkEnvMatchesPlan(saved.plan, process.env, saved.salt);
    const lockRepaired = repair.notes.length > 0;
    checking();
    return await carryOut(saved.plan, {
      api,
      lock,
      lockPath,
      branch,
      settings: options,
      ask: false,
      lockRepaired,
      settingsFile: saved.settingsFile,
    });
  } finally {
    await api.close();
  }
}

/** A URL a saved plan holds is named as it was when the plan was made, and as saved in it. */
function savedOrigin(origin: SavedUrlOrigin, file: string): SavedUrlOrigin {
  return {
    ...(origin.apiUrlSource ? { apiUrlSource: origin.apiUrlSource } : {}),
    apiUrlAt: origin.apiUrlAt ? `${origin.apiUrlAt}, saved in ${file}` : `saved in ${file}`,
  };
}

/** A saved plan is applied in the environment it was made in; asking for another one is a slip. */
function checkSavedEnvironment(saved: string | undefined, request: EnvironmentRequest | undefined, file: string): void {
  if (!request || request.name === saved) return;
  const made = saved === undefined ? 'without an environment' : `in environment ${saved}`;
  throw new MonitorsError(
    'ENV_MISMATCH',
    `the saved plan ${file} was made ${made}, but ${request.via === '--env' ? '--env' : 'MONITORS_ENV'} asks for ${request.name}; nothing was changed`,
    {
      hint: `Apply it without ${request.via === '--env' ? '--env' : 'MONITORS_ENV'} (the plan knows its environment), or make a plan for ${request.name}: monitors plan --env ${request.name} --out FILE.`,
    },
  );
}

/**
 * The lock an apply of `plan` starts from: without the records of monitors gone from the
 * server, and with the creates in flight the plan settled (src/plan/pending-creates.ts).
 */
function settledLock(plan: Plan, lock: LockFile): LockFile {
  return settlePending(withoutRecords(lock, plan.stale_lock_ids ?? []), plan.pending_creates);
}

/**
 * Records of monitors that no longer exist live are dropped, creates in flight settled, and
 * a repaired lock written, even when nothing else changes.
 */
async function pruneStaleRecords(
  plan: Plan,
  lock: LockFile,
  lockPath: string,
  out: NodeJS.WritableStream,
  repaired: boolean,
): Promise<LockFile> {
  const stale = plan.stale_lock_ids ?? [];
  if (stale.length === 0 && (plan.pending_creates ?? []).length === 0 && !repaired) return lock;
  const pruned = settledLock(plan, lock);
  await writeLockFileAtomic(lockPath, pruned);
  out.write(`${lockWrittenLine(lockPath)}\n`);
  return pruned;
}

/** What an apply did, in the words of its summary line. */
function doneCounts(result: ApplyResult): string {
  const counts = countsOf(result);
  return result.interrupted ? `interrupted: ${counts}, ${result.notStarted} not started` : counts;
}

function changeCount(plan: Plan): number {
  return plan.changes.length;
}
