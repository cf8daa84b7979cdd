import type { Command } from 'commander';
import { MonitorsError } from '../../errors.js';

// Placeholder until the command lands; replaced by its issue's work.
export function registerSim(program: Command): void {
  program
    .command('sim')
    .description('(not yet available)')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new MonitorsError('NOT_IMPLEMENTED', 'monitors sim is not available in this build yet');
    });
}
