// The work of `monitors export`, loaded only when that command runs.
import { join, relative } from 'node:path';
import { apiConfigFromEnv, createApiClient } from '../../api/client.js';
import type { ConfigFromEnvOptions } from '../../api/config.js';
import { runExport } from '../../export/run-export.js';
import { newLockFile, serializeLock } from '../../lock/lock-file.js';
import { printable } from '../../model/printable.js';
import type { EnvironmentRequest } from '../../workspace/environment.js';
import { planningStep, stopWatching, watchPlanning } from '../steps/interrupt.js';
import { DEFAULT_LOCK_NAME } from '../../lock/location.js';
import { loadExportRepository } from '../steps/export-repository.js';
import type { ExportOptions } from '../arguments/export-options.js';
import { parseExportArguments } from '../arguments/export.js';

/** The work of `monitors export`, loaded only when that command runs. */
export async function runExportCommand(options: ExportOptions): Promise<void> {
  // Every option is checked before the listing is requested.
  const args = parseExportArguments(options, process.env, process.cwd());
  const { outDir, lock: lockFlag, environment: request, selection } = args;
  if (selection) {
    const { runAdoptCommand } = await import('./export-adopt-run.js');
    return runAdoptCommand({ ...args, selection });
  }
  watchPlanning(process.stderr);
  const target = request
    ? await environmentTarget(outDir, lockFlag, args.apiUrl, request)
    : plainTarget(outDir, lockFlag, args.apiUrl);
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
        force: args.force,
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
  const repo = await loadExportRepository({ outDir, lockFlag, apiUrl, environment: request, cwd });
  const lockPath = repo.lockFor(repo.state.files);
  return { api: repo.api, lockPath: lockFlag ?? (relative(cwd, lockPath) || lockPath) };
}
