// `monitors fmt`: its options and help.
import type { Command } from 'commander';
import type { FmtOptions } from '../arguments/fmt-options.js';
import { pathsArgument } from '../arguments/paths-argument.js';

export function registerFmt(program: Command): void {
  program
    .command('fmt')
    .description(
      'Rewrite YAML files of monitors in the canonical layout (key order, 2-space indent, quotes only where needed), comments and references kept; list each file changed.',
    )
    .addArgument(pathsArgument())
    .option('--check', 'write nothing: list the files that would change and exit 1 if any would (for CI)')
    .action(async (paths: string[], options: FmtOptions) => {
      const { runFmt } = await import('./fmt-run.js');
      process.exitCode = await runFmt(paths, options);
    });
}
