import { join } from 'node:path';
import type { Command } from 'commander';
import { apiConfigFromEnv, createApiClient } from '../../api/client.js';
import { runExport } from '../../export/run-export.js';
import { newLockFile, serializeLock } from '../../lock/lock-file.js';
import { DEFAULT_LOCK_NAME } from '../planning/paths.js';

interface ExportOptions {
  out: string;
  lock?: string;
  force?: boolean;
  apiUrl?: string;
}

export function registerExport(program: Command): void {
  program
    .command('export')
    .description('Write YAML files and a lock file from the live monitors, to adopt an existing workspace (see docs/adopting.md).')
    .option('--out <dir>', 'folder for the YAML files', 'monitors')
    .option('--lock <file>', `lock file to write (default: ${DEFAULT_LOCK_NAME} in the --out folder, where plan looks for it)`)
    .option('--force', 'overwrite files that already exist')
    .option('--api-url <url>', 'API base URL ending in /api/v1 (default: MONITORS_API_URL)')
    .action(async (options: ExportOptions) => {
      const env = options.apiUrl ? { ...process.env, MONITORS_API_URL: options.apiUrl } : process.env;
      const api = createApiClient(apiConfigFromEnv(env, { apiUrl: options.apiUrl }));
      try {
        const { report, warnings } = await runExport(
          { listMonitors: () => api.listMonitors(), newLock: newLockFile, serializeLock },
          {
            outDir: options.out,
            lockPath: options.lock ?? join(options.out, DEFAULT_LOCK_NAME),
            lockIsDefault: options.lock === undefined,
            force: options.force ?? false,
            cwd: process.cwd(),
          },
        );
        for (const warning of warnings) process.stderr.write(`${warning}\n`);
        process.stdout.write(report);
      } finally {
        await api.close();
      }
    });
}
