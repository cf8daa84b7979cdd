// `monitors destroy`: its options and help.
import type { Command } from 'commander';
import { formatHelp } from '../../render/formats/registry.js';
import type { DestroyOptions } from '../arguments/destroy-options.js';
import { API_URL_HELP, LOCK_HELP } from '../arguments/help-texts.js';
import { pathsArgument } from '../arguments/paths-argument.js';
import { addYesOption } from '../arguments/yes-option.js';

export function registerDestroy(program: Command): void {
  const command = program
    .command('destroy')
    .description(
      'Delete every monitor the lock file manages in this workspace (environment), and leave an empty lock file. Unmanaged monitors are left alone.',
    )
    .addArgument(pathsArgument())
    .option('--env <name>', 'the environment to tear down (settings.environments; default: MONITORS_ENV)')
    .option('--lock <file>', LOCK_HELP);
  addYesOption(command)
    .option(
      '--allow-mass-delete',
      'accepted and ignored: destroy is not held by the mass-delete guard (it shows the plan and asks, or takes --yes)',
    )
    .option(
      '--allow-missing',
      "most of the lock file's monitors gone from the listing is expected (deleted outside the tool): go on, and drop their records",
    )
    .option('--concurrency <n>', 'deletes in flight at once', '8')
    .option(
      '--format <format>',
      formatHelp(
        'apply',
        'with json, stdout holds that document alone (as apply --format json), and the plan and report go to stderr',
      ),
      'text',
    )
    .option('--api-url <url>', API_URL_HELP)
    .option('--lock-branch <branch>', 'read the lock file from this git branch and push the emptied one back there')
    .option('--lock-remote <remote>', 'the git remote of --lock-branch (default: origin)')
    .action(async (paths: string[], options: DestroyOptions) => {
      const { finishDestroyCommand } = await import('./destroy-run.js');
      await finishDestroyCommand(paths, options);
    });
}
