import type { Command } from 'commander';
import { MonitorsError } from '../../errors.js';

// Placeholder until the command lands; replaced by its issue's work.
export function registerPlan(program: Command): void {
  program
    .command('plan')
    .description('(not yet available)')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new MonitorsError('NOT_IMPLEMENTED', 'monitors plan is not available in this build yet');
    });
}
