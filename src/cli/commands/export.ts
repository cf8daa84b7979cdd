import type { Command } from 'commander';
import { MonitorsError } from '../../errors.js';

// Placeholder until the command lands; replaced by its issue's work.
export function registerExport(program: Command): void {
  program
    .command('export')
    .description('(not yet available)')
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new MonitorsError('NOT_IMPLEMENTED', 'monitors export is not available in this build yet');
    });
}
