// `monitors export`: its options and help.
import type { Command } from 'commander';
import type { ExportOptions } from '../arguments/export-options.js';
import { DEFAULT_LOCK_NAME } from '../../lock/location.js';
import { collect } from '../arguments/collect.js';

export function registerExport(program: Command): void {
  program
    .command('export')
    .description(
      'Write YAML files and a lock file from the live monitors, to adopt an existing workspace; with --name/--id, adopt a few into an existing repository (see docs/adopting.md).',
    )
    .option('--out <dir>', 'folder for the YAML files', 'monitors')
    .option(
      '--lock <file>',
      `lock file to write (default: where plan looks for it: ${DEFAULT_LOCK_NAME} in the --out folder, with --env or --name/--id, the one plan uses for the YAML there)`,
    )
    .option(
      '--name <glob>',
      'adopt only the live monitors matching NAME or GLOB (* ? [...]; repeatable) into the repository in --out: one new YAML file, their records added to its lock file',
      collect,
    )
    .option('--id <id>', 'adopt only the live monitor of this id (repeatable; with --name, either selects)', collect)
    .option(
      '--file <file>',
      'with --name/--id: the new YAML file, under --out (default: named after the monitor, or adopted.yaml, beside the YAML files)',
    )
    .option('--force', 'overwrite files that already exist (with --name/--id: only the --file, never a monitors file)')
    .option('--api-url <url>', 'API base URL ending in /api/v1 (default: MONITORS_API_URL)')
    .option(
      '--env <name>',
      "export one environment's workspace (settings.environments in the YAML under --out; default: MONITORS_ENV) into its lock file",
    )
    .action(async (options: ExportOptions) => {
      const { runExportCommand } = await import('./export-run.js');
      await runExportCommand(options);
    });
}
