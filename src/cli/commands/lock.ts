// `monitors lock list|show|forget`: their options and help.
import type { Command } from 'commander';
import { formatHelp } from '../../render/formats/registry.js';
import { LOCK_HELP } from '../arguments/help-texts.js';
import type { LockForgetOptions, LockReadOptions } from '../arguments/lock-options.js';
import { pathsArgument } from '../arguments/paths-argument.js';
import { everyEnvironmentAction, PARALLELISM_HELP } from '../steps/every-environment-flag.js';

export function registerLock(program: Command): void {
  const lock = program
    .command('lock')
    .description('Read the lock file (list, show), or forget a record whose YAML is already gone (forget).');
  const readOptions = (command: Command, subject: 'lock' | 'lockRecord') =>
    command
      .option('--format <format>', formatHelp(subject), 'text')
      .option(
        '--env <name>',
        'the environment whose lock file to read (settings.environments; default: MONITORS_ENV), or all: one section per environment',
      )
      .option('--parallelism <n>', PARALLELISM_HELP)
      .option('--lock <file>', LOCK_HELP)
      .option('--lock-branch <branch>', 'read the lock file from this git branch (as apply --lock-branch keeps it)')
      .option('--lock-remote <remote>', 'the git remote of --lock-branch (default: origin)');
  readOptions(
    lock
      .command('list')
      .description('List the records of the lock file: name, id, where the YAML declares it, when it was last applied.')
      .addArgument(pathsArgument()),
    'lock',
  ).action(
    everyEnvironmentAction('lock list', async (paths: string[], options: LockReadOptions) => {
      const { runLockList } = await import('./lock-run.js');
      return runLockList(paths, options);
    }),
  );
  readOptions(
    lock
      .command('show')
      .description('Show one record of the lock file: its id, file, last apply, fingerprint and recorded values.')
      .argument('<name>', "the monitor's name (or its id)")
      .addArgument(pathsArgument()),
    'lockRecord',
  ).action(
    everyEnvironmentAction('lock show', async (name: string, paths: string[], options: LockReadOptions) => {
      const { runLockShow } = await import('./lock-run.js');
      return runLockShow(name, paths, options);
    }),
  );
  lock
    .command('forget')
    .description(
      'Drop one record from the lock file, for a monitor whose YAML is already gone; the live monitor is left alone and nothing is sent to the server (the reviewable form is a `removed:` entry).',
    )
    .argument('<name>', "the monitor's name (or its id)")
    .addArgument(pathsArgument())
    .option('--env <name>', 'the environment whose lock file to change (settings.environments; default: MONITORS_ENV)')
    .option('--lock <file>', LOCK_HELP)
    .option('--yes', 'do not ask for confirmation (required without a terminal, e.g. in CI)')
    .option('--lock-branch <branch>', 'change the lock file on this git branch (as apply --lock-branch keeps it)')
    .option('--lock-remote <remote>', 'the git remote of --lock-branch (default: origin)')
    .action(async (name: string, paths: string[], options: LockForgetOptions) => {
      const { runLockForget } = await import('./lock-run.js');
      process.exitCode = await runLockForget(name, paths, options);
    });
}
