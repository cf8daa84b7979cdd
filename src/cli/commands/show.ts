// `monitors show`: its options and help.
import type { Command } from 'commander';
import { formatHelp } from '../../render/formats/registry.js';
import type { ShowOptions } from '../arguments/show-options.js';

export function registerShow(program: Command): void {
  program
    .command('show')
    .description(
      'Show a saved plan (`monitors plan --out FILE`) as plan shows it: text, Markdown or JSON. Reads the file only: no token, no request.',
    )
    .argument('<plan-file>', 'the file `monitors plan --out` wrote')
    .option('--format <format>', formatHelp('plan'), 'text')
    .action(async (file: string, options: ShowOptions) => {
      const { runShow } = await import('./show-run.js');
      process.exitCode = await runShow(file, options);
    });
}
