// `monitors export`'s arguments: the --out folder, --lock, --api-url, the environment, and
// --name / --id (adopt a few monitors, into the one --file) or neither (the whole workspace,
// a file per group, so --file is refused).
import { parseSelection, type Selection } from '../../export/adopt/options.js';
import { MonitorsError } from '../../errors.js';
import { requestedEnvironment, type EnvironmentRequest } from '../../workspace/environment.js';
import type { ExportOptions } from './export-options.js';
import { fileOption, folderOption } from './options.js';

export interface ExportArguments {
  outDir: string;
  lock: string | undefined;
  apiUrl: string | undefined;
  environment: EnvironmentRequest | undefined;
  /** --name / --id; undefined: export the whole workspace. */
  selection: Selection | undefined;
  /** The one new YAML file of --name / --id. */
  file: string | undefined;
  force: boolean;
}

export function parseExportArguments(options: ExportOptions, env: NodeJS.ProcessEnv, cwd: string): ExportArguments {
  const outDir = folderOption('--out', options.out, cwd);
  const lock = fileOption('--lock', options.lock);
  if (options.apiUrl !== undefined && options.apiUrl.trim() === '')
    throw new MonitorsError('BAD_OPTION', '--api-url needs a URL (the base URL ending in /api/v1)');
  const environment = requestedEnvironment(options.env, env);
  const selection = parseSelection(options.name, options.id);
  if (!selection && options.file !== undefined)
    throw new MonitorsError(
      'BAD_OPTION',
      '--file names the one file of --name or --id; a whole export writes a file per group',
      {
        hint: 'Add --name GLOB or --id ID to adopt a few monitors into one file, or leave out --file.',
      },
    );
  const file = fileOption('--file', options.file);
  return { outDir, lock, apiUrl: options.apiUrl, environment, selection, file, force: options.force ?? false };
}
