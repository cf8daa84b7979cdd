// `monitors lsp`: its options and help.
import type { Command } from 'commander';
import type { LspOptions } from '../arguments/lsp-options.js';

// `monitors lsp [--stdio]`: the language server for editors (docs/lsp.md), over stdio.
export function registerLsp(program: Command): void {
  program
    .command('lsp')
    .description(
      'Run the language server for editors over stdin/stdout: validate as you type, hover, completion, rename with moved:, what apply would do. No network, no token.',
    )
    .option('--stdio', 'talk over stdin and stdout (the default and only transport; editors pass it)')
    .action(async (options: LspOptions) => {
      const { runLsp } = await import('./lsp-run.js');
      process.exitCode = await runLsp(options);
    });
}
