// `monitors status`: its options and help.
import type { Command } from 'commander';
import { addVarOptions } from '../run-vars/options.js';
import { formatHelp } from '../../render/formats/registry.js';
import { collect } from '../arguments/collect.js';
import { API_URL_HELP, LOCK_HELP } from '../arguments/help-texts.js';
import { pathsArgument } from '../arguments/paths-argument.js';
import { everyEnvironmentAction, PARALLELISM_HELP } from '../steps/every-environment-flag.js';
import type { StatusOptions } from '../arguments/status-options.js';

export function registerStatus(program: Command): void {
  const command = program
    .command('status')
    .description(
      'Show the live status of every monitor this repository manages, its last and next check and its open incidents; count the unmanaged ones. Reads only (monitors:read; incidents:read for incidents).',
    )
    .addArgument(pathsArgument())
    .option('--format <format>', formatHelp('status'), 'text')
    .option('--days <n>', 'html: the incident timeline covers the last N days', '30')
    .option('--name <glob>', 'only monitors whose name matches NAME or GLOB (* ? [...]; repeatable)', collect)
    .option('--fail-on <level>', 'down: exit 1 when a monitor shown is down; degraded: when one is degraded or down')
    .option(
      '--env <name>',
      'the environment to show (settings.environments; default: MONITORS_ENV), or all: one section per environment',
    )
    .option('--parallelism <n>', PARALLELISM_HELP)
    .option('--lock <file>', LOCK_HELP)
    .option('--api-url <url>', API_URL_HELP)
    .option('--lock-branch <branch>', 'read the lock file from this git branch (as apply --lock-branch keeps it)')
    .option('--lock-remote <remote>', 'the git remote of --lock-branch (default: origin)');
  addVarOptions(command).action(
    everyEnvironmentAction('status', async (paths: string[], options: StatusOptions) => {
      const { runStatus } = await import('./status-run.js');
      return runStatus(paths, options);
    }),
  );
}
