import { MonitorsError } from '../../errors.js';
import { loadDesiredState } from '../../load/index.js';
import type { DesiredState } from '../../model/monitor.js';
import { diagnosticLine, githubAnnotation } from '../../render/diagnostics.js';

/**
 * Loads the YAML for plan and apply. Problems (and notes, such as a skipped file) are
 * printed exactly as `validate` prints them (stderr), and on an error the command stops
 * before it calls the API.
 */
export async function loadDesiredOrFail(paths: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ state: DesiredState; lockFilesSeen: string[] }> {
  const { state, diagnostics, lockFilesSeen } = await loadDesiredState(paths, { env, cwd });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const lines = diagnostics.map(diagnosticLine);
  if (env.GITHUB_ACTIONS === 'true') lines.push(...diagnostics.map(githubAnnotation));
  if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  if (errors.length > 0) {
    throw new MonitorsError('CONFIG_INVALID', `the YAML has ${errors.length} error${errors.length === 1 ? '' : 's'} (listed above); nothing was changed`, {
      hint: 'Fix them (`monitors validate` checks offline) and run the command again.',
    });
  }
  return { state, lockFilesSeen };
}
