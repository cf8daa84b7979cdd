import { join } from 'node:path';
import { apiConfigFromEnv, createApiClient } from '../../api/client.js';
import { runExport } from '../../export/run-export.js';
import { newLockFile, serializeLock } from '../../lock/lock-file.js';
import { printable } from '../../render/printable.js';
import { MonitorsError } from '../../errors.js';
import { fileOption, folderOption } from '../planning/options.js';
import { DEFAULT_LOCK_NAME } from '../planning/paths.js';
import type { ExportOptions } from './export.js';

/** The work of `monitors export`, loaded only when that command runs. */
export async function runExportCommand(options: ExportOptions): Promise<void> {
  // Every option is checked before the listing is requested.
  const outDir = folderOption('--out', options.out, process.cwd());
  const lockFlag = fileOption('--lock', options.lock);
  if (options.apiUrl !== undefined && options.apiUrl.trim() === '') throw new MonitorsError('BAD_OPTION', '--api-url needs a URL (the base URL ending in /api/v1)');
  const env = options.apiUrl ? { ...process.env, MONITORS_API_URL: options.apiUrl } : process.env;
  const api = createApiClient(apiConfigFromEnv(env, { apiUrl: options.apiUrl }));
  try {
    const { report, warnings } = await runExport(
      { listMonitors: () => api.listMonitors(), newLock: newLockFile, serializeLock },
      {
        outDir,
        lockPath: lockFlag ?? join(outDir, DEFAULT_LOCK_NAME),
        lockIsDefault: lockFlag === undefined,
        force: options.force ?? false,
        cwd: process.cwd(),
      },
    );
    // Names in the report come from the server: control characters are shown, never sent raw.
    for (const warning of warnings) process.stderr.write(`${printable(warning)}\n`);
    process.stdout.write(report.split('\n').map(printable).join('\n'));
  } finally {
    await api.close();
  }
}
