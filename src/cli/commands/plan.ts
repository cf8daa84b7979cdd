import type { Command } from 'commander';
import { pathsArgument } from './paths-argument.js';

export interface PlanOptions {
  format: string;
  out?: string;
  lock?: string;
  detailedExitcode?: boolean;
  allowMassDelete?: boolean;
  apiUrl?: string;
  lockBranch?: string;
  lockRemote?: string;
}

export function registerPlan(program: Command): void {
  program
    .command('plan')
    .description('Compare the YAML with the live monitors and show what apply would create, replace and delete.')
    .addArgument(pathsArgument())
    .option('--format <format>', 'text, markdown (for PR comments) or json', 'text')
    .option('--out <file>', 'also save the plan, for `monitors apply --plan FILE`')
    .option('--lock <file>', 'lock file (default: settings.lock_file, else monitors.lock.json in the folder holding the YAML files)')
    .option('--detailed-exitcode', 'exit 2 when there are changes, 0 when none, 1 on error')
    .option('--allow-mass-delete', 'allow a plan that deletes more than the configured limits')
    .option('--api-url <url>', 'API base URL ending in /api/v1 (default: MONITORS_API_URL, else settings.api_url)')
    .option('--lock-branch <branch>', 'read the lock file from this git branch (as apply --lock-branch keeps it)')
    .option('--lock-remote <remote>', 'the git remote of --lock-branch (default: origin)')
    .action(async (paths: string[], options: PlanOptions) => {
      const { runPlan } = await import('./plan-run.js');
      process.exitCode = await runPlan(paths, options);
    });
}
