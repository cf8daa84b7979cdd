// `monitors validate`: its options and help.
import type { Command } from 'commander';
import { addVarOptions } from '../run-vars/options.js';
import { formatHelp } from '../../render/formats/registry.js';
import type { ValidateOptions } from '../arguments/validate-options.js';
import { pathsArgument } from '../arguments/paths-argument.js';
import { everyEnvironmentAction, PARALLELISM_HELP } from '../steps/every-environment-flag.js';

export function registerValidate(program: Command): void {
  const command = program
    .command('validate')
    .description('Check YAML files of monitors without calling the API; exit 0 when valid, 1 otherwise.')
    .addArgument(pathsArgument())
    .option('--format <format>', formatHelp('validation', 'with json, GitHub annotations go to stderr'), 'text')
    .option(
      '--env <name>',
      'check one environment (settings.environments; default: MONITORS_ENV, else every environment together), or all: one section per environment',
    )
    .option('--parallelism <n>', PARALLELISM_HELP)
    .option(
      '--require-env',
      'an unset ${env:NAME} is an error, as in plan and apply (default: a warning, so validate runs without secrets)',
    );
  addVarOptions(command).action(
    everyEnvironmentAction('validate', async (paths: string[], options: ValidateOptions) => {
      // Imported here, like every command's work: the loader is not loaded by other commands.
      const { runValidate } = await import('./validate-run.js');
      return runValidate(paths, options);
    }),
  );
}
