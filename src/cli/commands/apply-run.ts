// The work of `monitors apply`: from the YAML (through the plan's assembly) or from a saved plan,
// then carried out.
import { readFile } from 'node:fs/promises';
import { apiConfigFromEnv, createApiClient } from '../../api/client.js';
import { MonitorsError } from '../../errors.js';
import { checkEnvMatchesPlan } from '../../apply/env-check.js';
import { readSavedPlan, startSavedPlan } from '../../plan/saved-plan-start.js';
import { writtenVars } from '../run-vars/current.js';
import type { EnvironmentRequest } from '../../workspace/environment.js';
import { planningStep, watchPlanning } from '../steps/interrupt.js';
import { carryOut, finishWritingCommand, openBranch } from '../steps/carry-out.js';
import { planWorkspace } from '../../workspace/plan-workspace.js';
import { readLockAt } from '../../workspace/read-lock.js';
import { fromProcess, lockSource } from '../steps/open-request.js';

import type { ApplyOptions } from '../arguments/apply-options.js';
import { parseApplyArguments, type ApplyArguments as ApplySettings } from '../arguments/apply.js';

/**
 * `monitors apply` to its exit code: a signal received at any time since the writes
 * began makes it 130 / 143, also one that comes after the summary (see interrupt.ts).
 */
export async function finishApplyCommand(paths: string[], options: ApplyOptions): Promise<void> {
  await finishWritingCommand(() => runApplyCommand(paths, options));
}

/** The work of `monitors apply`, loaded only when that command runs. */
export async function runApplyCommand(paths: string[], options: ApplyOptions): Promise<number> {
  const settings = parseApplyArguments(paths, options, process.env);
  watchPlanning(process.stderr);
  return settings.plan !== undefined
    ? applySavedPlan(settings.plan, settings)
    : applyFromConfig(settings.paths, settings);
}

async function applyFromConfig(paths: string[], options: ApplySettings): Promise<number> {
  const branch = openBranch(options);
  const { plan, api, lock, lockPath, lockRepaired, settingsFile } = await planToApply(paths, options, branch);
  try {
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

/**
 * The plan and what the apply needs beside it. Only that is kept: the desired monitors
 * (100,000 of them, say) are let go with the session, which a frame of its own holds until
 * it returns (a suspended async function keeps the values of its temporaries, so the
 * session must not pass through applyFromConfig's).
 */
async function planToApply(paths: string[], options: ApplySettings, branch: ReturnType<typeof openBranch>) {
  const session = await planWorkspace({
    ...fromProcess(),
    paths: paths.length > 0 ? paths : ['.'],
    lock: lockSource(options.lock, branch),
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
    allowMassDelete: options.allowMassDelete,
    allowMissing: options.allowMissing,
    command: 'apply',
    ...options.narrowing,
    ...(options.environment ? { environment: options.environment } : {}),
  });
  const { plan, api, lock, lockPath, lockRepaired } = session;
  return { plan, api, lock, lockPath, lockRepaired, settingsFile: session.desired.settings.source?.file };
}

async function applySavedPlan(file: string, options: ApplySettings): Promise<number> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new MonitorsError(
      'PLAN_FILE_UNREADABLE',
      `cannot read the saved plan ${file}: ${error.code ?? error.message}`,
    );
  });
  // The vars given now (--var) must be those the plan was made with (PLAN_VARS_DIFFER).
  const { saved, clientOptions } = readSavedPlan(text, file, writtenVars());
  const checking = planningStep(`checking that the saved plan ${file} is current`);
  checkSavedEnvironment(saved.environment?.name, options.environment, file);
  const lockPath = options.lock ?? saved.lockPath;
  const branch = openBranch(options);
  const { lock: read } = await readLockAt(lockSource(undefined, branch), lockPath);
  const api = createApiClient(
    apiConfigFromEnv(process.env, {
      ...(options.apiUrl ? { flagApiUrl: options.apiUrl } : {}),
      ...clientOptions,
    }),
  );
  try {
    const live = await api.listMonitors();
    const { lock, lockChanged: lockRepaired } = startSavedPlan(saved, read, live, file);
    await checkEnvMatchesPlan(saved.plan, process.env, saved.salt);
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
