// `monitors plan`: its options and help.
import type { Command } from 'commander';
import { formatHelp } from '../../render/formats/registry.js';
import type { PlanOptions } from '../arguments/plan-options.js';
import { API_URL_HELP, LOCK_HELP } from '../arguments/help-texts.js';
import { addNarrowOptions } from '../arguments/narrow-options.js';
import { addVarOptions } from '../run-vars/options.js';
import { pathsArgument } from '../arguments/paths-argument.js';
import { everyEnvironmentAction, PARALLELISM_HELP } from '../steps/every-environment-flag.js';

export function registerPlan(program: Command): void {
  const command = program
    .command('plan')
    .description('Compare the YAML with the live monitors and show what apply would create, replace and delete.')
    .addArgument(pathsArgument())
    .option('--format <format>', formatHelp('plan'), 'text')
    .option('--out <file>', 'also save the plan, for `monitors apply --plan FILE`')
    .option(
      '--env <name>',
      'the environment to plan (settings.environments; default: MONITORS_ENV), or all: one section per environment',
    )
    .option('--parallelism <n>', PARALLELISM_HELP)
    .option('--lock <file>', LOCK_HELP)
    .option('--detailed-exitcode', 'exit 2 when there are changes, 0 when none, 1 on error')
    .option('--allow-mass-delete', 'allow a plan that deletes more than the configured limits')
    .option(
      '--allow-missing',
      "most of the lock file's monitors gone from the listing is expected (deleted outside the tool): go on, and drop their records",
    )
    .option('--api-url <url>', API_URL_HELP)
    .option('--lock-branch <branch>', 'read the lock file from this git branch (as apply --lock-branch keeps it)')
    .option('--lock-remote <remote>', 'the git remote of --lock-branch (default: origin)');
  addNarrowOptions(addVarOptions(command)).action(
    everyEnvironmentAction('plan', async (paths: string[], options: PlanOptions) => {
      const { runPlan } = await import('./plan-run.js');
      return runPlan(paths, options);
    }),
  );
}
