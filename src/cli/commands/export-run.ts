import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { apiConfigFromEnv, createApiClient } from '../../api/client.js';
import type { ConfigFromEnvOptions } from '../../api/config.js';
import { MonitorsError } from '../../errors.js';
import { runExport } from '../../export/run-export.js';
import { newLockFile, serializeLock } from '../../lock/lock-file.js';
import { printable } from '../../render/printable.js';
import { apiOptionsFor, requestedEnvironment, type EnvironmentRequest } from '../planning/environment.js';
import { loadDesiredOrFail } from '../planning/load-desired.js';
import { DEFAULT_LOCK_NAME, lockPathFor } from '../planning/paths.js';
import type { ExportOptions } from './export.js';

/** The work of `monitors export`, loaded only when that command runs. */
export async function runExportCommand(options: ExportOptions): Promise<void> {
  const request = requestedEnvironment(options.env, process.env);
  const target = request ? await environmentTarget(options, request) : plainTarget(options);
  const api = createApiClient(apiConfigFromEnv(target.env, target.api));
  try {
    const { report, warnings } = await runExport(
      { listMonitors: () => api.listMonitors(), newLock: newLockFile, serializeLock },
      {
        outDir: options.out,
        lockPath: target.lockPath,
        lockIsDefault: options.lock === undefined,
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
  env: NodeJS.ProcessEnv;
  api: ConfigFromEnvOptions;
  lockPath: string;
}

function plainTarget(options: ExportOptions): ExportTarget {
  const env = options.apiUrl ? { ...process.env, MONITORS_API_URL: options.apiUrl } : process.env;
  return { env, api: { apiUrl: options.apiUrl }, lockPath: options.lock ?? join(options.out, DEFAULT_LOCK_NAME) };
}

/**
 * `export --env NAME`: the environment's workspace (its token variable, its URL) into its
 * lock file, both declared in the YAML the export adds to (the --out folder).
 */
async function environmentTarget(options: ExportOptions, request: EnvironmentRequest): Promise<ExportTarget> {
  const cwd = process.cwd();
  if (!existsSync(resolve(cwd, options.out))) {
    throw new MonitorsError('ENV_NOT_DECLARED', `${request.via === '--env' ? '--env' : 'MONITORS_ENV'} ${request.name}: export reads the environments from the YAML in --out (${options.out}), which does not exist`, {
      hint: 'Point --out at the folder of your monitors YAML, whose settings declare the environments (settings.environments).',
    });
  }
  const desired = await loadDesiredOrFail([options.out], process.env, cwd, request, 'export');
  const api = apiOptionsFor(desired.settings);
  if (options.apiUrl && api.environment) api.environment = { ...api.environment, apiUrl: options.apiUrl };
  const lockPath = lockPathFor([options.out], desired.settings, options.lock, cwd);
  return { env: process.env, api, lockPath: options.lock ?? (relative(cwd, lockPath) || lockPath) };
}
