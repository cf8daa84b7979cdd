import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { apiConfigFromEnv, createApiClient } from '../../api/client.js';
import type { ConfigFromEnvOptions } from '../../api/config.js';
import { MonitorsError } from '../../errors.js';
import { runExport } from '../../export/run-export.js';
import { newLockFile, serializeLock } from '../../lock/lock-file.js';
import { printable } from '../../render/printable.js';
import { apiOptionsFor, requestedEnvironment, type EnvironmentRequest } from '../planning/environment.js';
import { planningStep, stopWatching, watchPlanning } from '../planning/interrupt.js';
import { loadDesiredOrFail } from '../planning/load-desired.js';
import { fileOption, folderOption } from '../planning/options.js';
import { DEFAULT_LOCK_NAME, lockLocationOf } from '../planning/paths.js';
import type { ExportOptions } from './export.js';

/** The work of `monitors export`, loaded only when that command runs. */
export async function runExportCommand(options: ExportOptions): Promise<void> {
  // Every option is checked before the listing is requested.
  const outDir = folderOption('--out', options.out, process.cwd());
  const lockFlag = fileOption('--lock', options.lock);
  if (options.apiUrl !== undefined && options.apiUrl.trim() === '')
    throw new MonitorsError('BAD_OPTION', '--api-url needs a URL (the base URL ending in /api/v1)');
  const request = requestedEnvironment(options.env, process.env);
  watchPlanning(process.stderr);
  const target = request
    ? await environmentTarget(outDir, lockFlag, options.apiUrl, request)
    : plainTarget(outDir, lockFlag, options.apiUrl);
  const api = createApiClient(apiConfigFromEnv(process.env, target.api));
  try {
    const { report, warnings } = await runExport(
      {
        // Files are written after the listing: from then on a signal acts as by default.
        listMonitors: () => {
          const listing = planningStep('listing the live monitors');
          return api.listMonitors().finally(() => (listing(), stopWatching()));
        },
        newLock: newLockFile,
        serializeLock,
      },
      {
        outDir,
        lockPath: target.lockPath,
        lockIsDefault: lockFlag === undefined,
        force: options.force ?? false,
        cwd: process.cwd(),
        ...(request ? { environment: request.name } : {}),
      },
    );
    // Names in the report come from the server: control characters are shown, never sent raw.
    for (const warning of warnings) process.stderr.write(`${printable(warning)}\n`);
    process.stdout.write(report.split('\n').map(printable).join('\n'));
  } finally {
    await api.close();
  }
}

interface ExportTarget {
  api: ConfigFromEnvOptions;
  lockPath: string;
}

function plainTarget(outDir: string, lockFlag: string | undefined, apiUrl: string | undefined): ExportTarget {
  return { api: apiUrl ? { flagApiUrl: apiUrl } : {}, lockPath: lockFlag ?? join(outDir, DEFAULT_LOCK_NAME) };
}

/**
 * `export --env NAME`: the environment's workspace (its token variable, its URL; --api-url
 * wins, as for plan and apply) into its lock file, both declared in the YAML the export
 * adds to (the --out folder).
 */
async function environmentTarget(
  outDir: string,
  lockFlag: string | undefined,
  apiUrl: string | undefined,
  request: EnvironmentRequest,
): Promise<ExportTarget> {
  const cwd = process.cwd();
  if (!existsSync(resolve(cwd, outDir))) {
    throw new MonitorsError(
      'ENV_NOT_DECLARED',
      `${request.via === '--env' ? '--env' : 'MONITORS_ENV'} ${request.name}: export reads the environments from the YAML in --out (${outDir}), which does not exist`,
      {
        hint: 'Point --out at the folder of your monitors YAML, whose settings declare the environments (settings.environments).',
      },
    );
  }
  const { state } = await loadDesiredOrFail([outDir], process.env, cwd, request, 'export');
  const api: ConfigFromEnvOptions = { ...apiOptionsFor(state.settings), ...(apiUrl ? { flagApiUrl: apiUrl } : {}) };
  const lockPath = lockLocationOf({ paths: [outDir], flag: lockFlag, cwd }, state.settings, state.files).path;
  return { api, lockPath: lockFlag ?? (relative(cwd, lockPath) || lockPath) };
}
