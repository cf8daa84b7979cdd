import type { Command } from 'commander';

export interface PlanOptions {
  format: string;
  out?: string;
  lock?: string;
  detailedExitcode?: boolean;
  allowMassDelete?: boolean;
  env?: string;
}

export function registerPlan(program: Command): void {
  program
    .command('plan')
    .description('Compare the YAML with the live monitors and show what apply would create, replace and delete.')
    .argument('[paths...]', 'YAML files or folders (searched recursively)', ['.'])
    .option('--format <format>', 'text, markdown (for PR comments) or json', 'text')
    .option('--out <file>', 'also save the plan, for `monitors apply --plan FILE`')
    .option('--env <name>', 'the environment to plan (settings.environments; default: MONITORS_ENV)')
    .option('--lock <file>', 'lock file (default: monitors.lock.json beside the config)')
    .option('--detailed-exitcode', 'exit 2 when there are changes, 0 when none, 1 on error')
    .option('--allow-mass-delete', 'allow a plan that deletes more than the configured limits')
    .action(async (paths: string[], options: PlanOptions) => {
      const { runPlan } = await import('./plan-run.js');
      process.exitCode = await runPlan(paths, options);
    });
}
