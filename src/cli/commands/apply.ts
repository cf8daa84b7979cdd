import type { Command } from 'commander';

export interface ApplyOptions {
  lock?: string;
  yes?: boolean;
  plan?: string;
  concurrency?: string;
  allowMassDelete?: boolean;
  /** true without a value; see apply-wait.ts. */
  wait?: string | true;
  waitFailOn?: string;
  format?: string;
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
    .option('--wait [duration]', 'after the writes, follow the created and replaced monitors until they leave pending or the time runs out (default 5m; e.g. 90s, 1m30s)')
    .option('--wait-fail-on <statuses>', 'statuses that fail the wait, comma-separated: any status of the spec, unknown (a status outside it), or none (default: down)')
    .option('--format <format>', 'text, or json: one JSON document on stdout at the end (the plan and progress go to stderr)', 'text')
    .action(async (paths: string[], options: ApplyOptions) => {
      const { runApplyCommand } = await import('./apply-run.js');
      process.exitCode = await runApplyCommand(paths, options);
    });
}
