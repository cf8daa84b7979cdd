import type { Command } from 'commander';
import { MonitorsError } from '../../errors.js';

// Placeholder until the command lands; replaced by its issue's work.
export function registerApply(program: Command): void {
  program
    .command('apply')
    .description('(not yet available)')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new MonitorsError('NOT_IMPLEMENTED', 'monitors apply is not available in this build yet');
    });
}
