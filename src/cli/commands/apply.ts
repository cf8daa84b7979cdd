import type { Command } from 'commander';

export interface ApplyOptions {
  lock?: string;
  yes?: boolean;
  plan?: string;
  concurrency?: string;
  allowMassDelete?: boolean;
  env?: string;
}

export function registerApply(program: Command): void {
  program
    .command('apply')
    .description('Carry out the plan: create, replace and delete monitors, with idempotency keys so a failed run can simply be repeated.')
    .argument('[paths...]', 'YAML files or folders (searched recursively)')
    .option('--env <name>', 'the environment to apply (settings.environments; default: MONITORS_ENV)')
    .option('--lock <file>', 'lock file (default: monitors.lock.json beside the config)')
    .option('--yes', 'do not ask for confirmation (required without a terminal, e.g. in CI)')
    .option('--plan <file>', 'apply a plan saved with `monitors plan --out FILE`, without asking')
    .option('--concurrency <n>', 'changes in flight at once', '8')
    .option('--allow-mass-delete', 'allow a plan that deletes more than the configured limits')
    .action(async (paths: string[], options: ApplyOptions) => {
      const { runApplyCommand } = await import('./apply-run.js');
      process.exitCode = await runApplyCommand(paths, options);
    });
}
