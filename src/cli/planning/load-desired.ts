import { MonitorsError } from '../../errors.js';
import { loadDesiredState } from '../../load/index.js';
import type { DesiredState } from '../../model/monitor.js';
import { diagnosticLine, githubAnnotation } from '../../render/diagnostics.js';
import { checkEnvironmentChoice, type EnvironmentRequest } from './environment.js';

/**
 * Loads the YAML for plan, apply and export, in one environment when the set declares
 * them (`command` names the command in the refusal when none is chosen). Problems are
 * printed exactly as `validate` prints them (stderr), and the command stops before it
 * calls the API.
 */
export async function loadDesiredOrFail(paths: string[], env: NodeJS.ProcessEnv, cwd: string, request?: EnvironmentRequest, command = 'plan'): Promise<DesiredState> {
  const { state, diagnostics, declaredEnvironments } = await loadDesiredState(paths, { env, cwd, ...(request ? { environment: request.name } : {}) });
  // A missing or unknown environment first: the problems of every environment would bury it.
  if (declaredEnvironments.length > 0) checkEnvironmentChoice(request, declaredEnvironments, command, true);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const lines = diagnostics.map(diagnosticLine);
  if (env.GITHUB_ACTIONS === 'true') lines.push(...diagnostics.map(githubAnnotation));
  if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  if (errors.length > 0) {
    throw new MonitorsError('CONFIG_INVALID', `the YAML has ${errors.length} error${errors.length === 1 ? '' : 's'} (listed above); nothing was changed`, {
      hint: 'Fix them (`monitors validate` checks offline) and run the command again.',
    });
  }
  checkEnvironmentChoice(request, declaredEnvironments, command, true); // --env without environments declared
  return state;
}
