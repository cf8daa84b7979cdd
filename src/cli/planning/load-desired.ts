import { MonitorsError } from '../../errors.js';
import { loadDesiredState } from '../../load/index.js';
import type { DesiredState } from '../../model/monitor.js';
import { diagnosticLine, githubAnnotation } from '../../render/diagnostics.js';
import { checkEnvironmentChoice, type EnvironmentRequest } from './environment.js';

export interface LoadedForPlan {
  state: DesiredState;
  lockFilesSeen: string[];
  /** Info diagnostics (a file skipped by the folder search), as plan notes: in every format of the plan. */
  notes: string[];
}

/**
 * Loads the YAML for plan, apply and export, in one environment when the set declares
 * them (`command` names the command in the refusal when none is chosen). Problems are
 * printed exactly as `validate` prints them (stderr), and on an error the command stops
 * before it calls the API. Notes (info) go into the plan instead, so that the JSON and
 * Markdown plans carry them too.
 */
export async function loadDesiredOrFail(paths: string[], env: NodeJS.ProcessEnv, cwd: string, request?: EnvironmentRequest, command = 'plan'): Promise<LoadedForPlan> {
  const { state, diagnostics, declaredEnvironments, lockFilesSeen } = await loadDesiredState(paths, { env, cwd, ...(request ? { environment: request.name } : {}) });
  // A missing or unknown environment first: the problems of every environment would bury it.
  if (declaredEnvironments.length > 0) checkEnvironmentChoice(request, declaredEnvironments, command, true);
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
  checkEnvironmentChoice(request, declaredEnvironments, command, true); // --env without environments declared
  const notes = diagnostics.filter((d) => d.severity === 'info').map((d) => `${d.file}: ${d.message}`);
  return { state, lockFilesSeen, notes };
}
