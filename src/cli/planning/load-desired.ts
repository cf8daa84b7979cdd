import { MonitorsError } from '../../errors.js';
import type { LoadResult } from '../../load/index.js';
import { loadInWorker } from './load-in-worker.js';
import type { DesiredState } from '../../model/monitor.js';
import { diagnosticLine, githubAnnotation } from '../../render/diagnostics.js';

export interface LoadedForPlan {
  state: DesiredState;
  lockFilesSeen: string[];
  /** Info diagnostics (a file skipped by the folder search), as plan notes: in every format of the plan. */
  notes: string[];
}

/**
 * Loads the YAML for plan and apply. Problems are printed exactly as `validate` prints
 * them (stderr), and on an error the command stops before it calls the API. Notes (info)
 * go into the plan instead, so that the JSON and Markdown plans carry them too. With a
 * listing already running, the YAML is loaded on a worker thread (load-in-worker.ts).
 */
export async function loadDesiredOrFail(paths: string[], env: NodeJS.ProcessEnv, cwd: string, options: { inWorker?: boolean } = {}): Promise<LoadedForPlan> {
  const { state, diagnostics, lockFilesSeen } = await load(paths, env, cwd, options.inWorker ?? false);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const printed = errors.length > 0 ? diagnostics : diagnostics.filter((d) => d.severity !== 'info');
  const lines = printed.map(diagnosticLine);
  if (env.GITHUB_ACTIONS === 'true') lines.push(...diagnostics.map(githubAnnotation));
  if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  if (errors.length > 0) {
    throw new MonitorsError('CONFIG_INVALID', `the YAML has ${errors.length} error${errors.length === 1 ? '' : 's'} (listed above); nothing was changed`, {
      hint: 'Fix them (`monitors validate` checks offline) and run the command again.',
    });
  }
  const notes = diagnostics.filter((d) => d.severity === 'info').map((d) => `${d.file}: ${d.message}`);
  return { state, lockFilesSeen, notes };
}

/** The loader's modules are imported only where it runs: here, or on the worker thread only. */
async function load(paths: string[], env: NodeJS.ProcessEnv, cwd: string, inWorker: boolean): Promise<LoadResult> {
  if (inWorker) return loadInWorker({ paths, env: { ...env }, cwd });
  const { loadDesiredState } = await import('../../load/index.js');
  return loadDesiredState(paths, { env, cwd });
}
