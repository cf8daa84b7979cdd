// The declared environments as a table or as JSON. JSON (format_version 1):
//   {"format_version": 1, "environment": null, "environments": [{"name", "token_env", "api_url", "lock_file", "monitors"}]}
// `environment` is null as in `validate` without --env: the command covers every environment
// (docs/json-output.md: every document starts with format_version, then environment).
// `environments` is what a GitHub `strategy.matrix.include` takes as it is (matrix.name,
// matrix.token_env, ...). api_url is the YAML's, `${env:NAME}` resolved (null: none, or an
// unset variable), lock_file relative to the folder the command runs in.
import { EXIT_OK, MonitorsError } from '../../errors.js';
import { displayPath } from '../../model/display-path.js';
import { loadDesiredState } from '../../load/index.js';
import { diagnosticLine } from '../../render/diagnostics.js';
import { lockLocationOf } from '../steps/paths.js';
import type { EnvironmentsOptions } from './environments-options.js';

export const ENVIRONMENTS_FORMAT_VERSION = 1;

export interface EnvironmentEntry {
  name: string;
  token_env: string | null;
  api_url: string | null;
  lock_file: string;
  monitors: number;
}

export async function runEnvironments(paths: string[], options: EnvironmentsOptions): Promise<number> {
  if (options.format !== 'text' && options.format !== 'json')
    throw new MonitorsError('BAD_OPTION', `--format must be "text" or "json", not "${options.format}"`);
  const cwd = process.cwd();
  const { environments, declaredEnvironments, diagnostics } = await loadDesiredState(paths, {
    env: process.env,
    cwd,
    missingEnv: 'warning', // secrets are not needed to list environments
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
          lock_file: displayPath(
            lockLocationOf({ paths, flag: undefined, cwd }, state.settings, state.files).path,
            cwd,
          ),
          monitors: state.monitors.length,
        }));
  if (options.format === 'json')
    process.stdout.write(
      `${JSON.stringify({ format_version: ENVIRONMENTS_FORMAT_VERSION, environment: null, environments: entries }, null, 2)}\n`,
    );
  else process.stdout.write(textTable(entries));
  return EXIT_OK;
}

function textTable(entries: EnvironmentEntry[]): string {
  if (entries.length === 0)
    return 'No environments declared (settings.environments): plan and apply run without --env.\n';
  const rows = [
    ['environment', 'token variable', 'monitors', 'lock file', 'api url'],
    ...entries.map((e) => [e.name, e.token_env ?? '-', String(e.monitors), e.lock_file, e.api_url ?? '-']),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return `${rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`;
}
