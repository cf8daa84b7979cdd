// `monitors environments`: the declared environments (src/render/environments.ts says what is shown).
import { EXIT_OK, MonitorsError } from '../../errors.js';
import { displayPath } from '../../model/display-path.js';
import { loadAllEnvironments } from '../../workspace/all-environments.js';
import { diagnosticLine } from '../../render/diagnostics.js';
import type { EnvironmentEntry } from '../../render/environments.js';
import { renderAs } from '../../render/formats/registry.js';
import { lockFileOf } from '../../workspace/lock-choice.js';
import type { EnvironmentsOptions } from '../arguments/environments-options.js';
import { parseEnvironmentsArguments } from '../arguments/environments.js';

export async function runEnvironments(paths: string[], options: EnvironmentsOptions): Promise<number> {
  const { format } = parseEnvironmentsArguments(options);
  const cwd = process.cwd();
  const { environments, declaredEnvironments, diagnostics } = await loadAllEnvironments({
    paths,
    env: process.env,
    cwd,
    missingVariable: 'warning', // secrets are not needed to list environments
  });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    process.stderr.write(`${errors.map(diagnosticLine).join('\n')}\n`);
    throw new MonitorsError(
      'CONFIG_INVALID',
      `the YAML has ${errors.length} error${errors.length === 1 ? '' : 's'} (listed above)`,
      {
        hint: 'Fix them (`monitors validate` checks offline) and run the command again.',
      },
    );
  }
  const entries: EnvironmentEntry[] =
    declaredEnvironments.length === 0
      ? []
      : environments.map(({ name, state }) => ({
          name: name!,
          token_env: state.settings.environment?.tokenEnv ?? null,
          api_url: state.settings.environment?.apiUrl || state.settings.apiUrl || null,
          lock_file: displayPath(lockFileOf({ paths, flag: undefined, cwd }, state.settings, state.files).path, cwd),
          monitors: state.monitors.length,
        }));
  process.stdout.write(await renderAs(format, 'environments', entries, { color: false }));
  return EXIT_OK;
}
