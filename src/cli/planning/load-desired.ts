import { MonitorsError } from '../../errors.js';
import type { DesiredState } from '../../model/monitor.js';
import { diagnosticLine, githubAnnotation } from '../../render/diagnostics.js';
import { checkEnvironmentChoice, type EnvironmentRequest } from './environment.js';
import { loadInWorker, type LoadedAhead } from './load-in-worker.js';

export interface LoadOptions {
  /** Load on a worker thread (while a listing runs on this one). */
  inWorker?: boolean;
  /** On the worker thread, also read the lock file (chosen with --lock as `flag`) when the YAML has no errors. */
  lockFile?: { flag: string | undefined };
  /** An unset `${env:NAME}`: an error (default: plan and apply send the value) or a warning (destroy sends none). */
  missingEnv?: 'error' | 'warning';
}

export interface LoadedForPlan {
  state: DesiredState;
  lockFilesSeen: string[];
  /** Info diagnostics (a file skipped by the folder search), as plan notes: in every format of the plan. */
  notes: string[];
  /** Loaded on a worker thread: the lock file it read meanwhile (see load-in-worker.ts). */
  lockAhead?: LoadedAhead['lock'];
}

/**
 * Loads the YAML for plan, apply and export, in one environment when the set declares
 * them (`command` names the command in the refusal when none is chosen). Problems are
 * printed exactly as `validate` prints them (stderr), and on an error the command stops
 * before it calls the API. Notes (info) go into the plan instead, so that the JSON and
 * Markdown plans carry them too. With a listing already running, the YAML is loaded, and
 * the lock file read, on a worker thread (load-in-worker.ts).
 */
export async function loadDesiredOrFail(
  paths: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  request?: EnvironmentRequest,
  command = 'plan',
  options: LoadOptions = {},
): Promise<LoadedForPlan> {
  const { result, lock: lockAhead } = await load(paths, env, cwd, request, options);
  const { state, diagnostics, declaredEnvironments, lockFilesSeen } = result;
  // A missing or unknown environment first: the problems of every environment would bury it.
  if (declaredEnvironments.length > 0) checkEnvironmentChoice(request, declaredEnvironments, command, true);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const printed = errors.length > 0 ? diagnostics : diagnostics.filter((d) => d.severity !== 'info');
  const lines = printed.map(diagnosticLine);
  if (env.GITHUB_ACTIONS === 'true') lines.push(...diagnostics.map(githubAnnotation));
  if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  if (errors.length > 0) {
    throw new MonitorsError(
      'CONFIG_INVALID',
      `the YAML has ${errors.length} error${errors.length === 1 ? '' : 's'} (listed above); nothing was changed`,
      {
        hint: 'Fix them (`monitors validate` checks offline) and run the command again.',
      },
    );
  }
  checkEnvironmentChoice(request, declaredEnvironments, command, true); // --env without environments declared
  const notes = diagnostics.filter((d) => d.severity === 'info').map((d) => `${d.file}: ${d.message}`);
  return { state, lockFilesSeen, notes, ...(lockAhead ? { lockAhead } : {}) };
}

/** The loader's modules are imported only where it runs: here, or on the worker thread only. */
async function load(
  paths: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  request: EnvironmentRequest | undefined,
  options: LoadOptions,
): Promise<LoadedAhead> {
  const environment = request ? { environment: request.name } : {};
  if (options.inWorker)
    return loadInWorker({
      paths,
      env: { ...env },
      cwd,
      ...environment,
      ...(options.lockFile ? { lockFile: options.lockFile } : {}),
    });
  const { loadDesiredState } = await import('../../load/index.js');
  const missingEnv = options.missingEnv ? { missingEnv: options.missingEnv } : {};
  return { result: await loadDesiredState(paths, { env, cwd, ...environment, ...missingEnv }), lock: undefined };
}
