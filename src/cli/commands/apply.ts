import type { Command } from 'commander';

export interface ApplyOptions {
  lock?: string;
  yes?: boolean;
  plan?: string;
  concurrency?: string;
  allowMassDelete?: boolean;
  lockBranch?: string;
  lockRemote?: string;
}

export function registerApply(program: Command): void {
  program
    .command('apply')
    .description('Carry out the plan: create, replace and delete monitors, with idempotency keys so a failed run can simply be repeated.')
    .argument('[paths...]', 'YAML files or folders (searched recursively)')
    .option('--lock <file>', 'lock file (default: monitors.lock.json beside the config)')
    .option('--yes', 'do not ask for confirmation (required without a terminal, e.g. in CI)')
    .option('--plan <file>', 'apply a plan saved with `monitors plan --out FILE`, without asking')
    .option('--concurrency <n>', 'changes in flight at once', '8')
    .option('--allow-mass-delete', 'allow a plan that deletes more than the configured limits')
    .option('--lock-branch <branch>', 'read the lock file from this git branch and push it back there after the apply (e.g. monitors-state)')
    .option('--lock-remote <remote>', 'the git remote of --lock-branch (default: origin)')
    .action(async (paths: string[], options: ApplyOptions) => {
      const { runApplyCommand } = await import('./apply-run.js');
      process.exitCode = await runApplyCommand(paths, options);
    });
}
