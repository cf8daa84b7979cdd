// `monitors environments`: its options and help.
import type { Command } from 'commander';
import { formatHelp } from '../../render/formats/registry.js';
import type { EnvironmentsOptions } from '../arguments/environments-options.js';
import { pathsArgument } from '../arguments/paths-argument.js';

// `monitors environments [PATH...]`: the declared environments (settings.environments), for
// people (text) and for CI job matrices (json; docs/ci.md, "Many environments").
export function registerEnvironments(program: Command): void {
  program
    .command('environments')
    .description(
      'List the environments the YAML declares, each with its token variable, API URL and lock file; --format json for a CI job matrix. No network.',
    )
    .addArgument(pathsArgument())
    .option('--format <format>', formatHelp('environments', 'json for a CI job matrix'), 'text')
    .action(async (paths: string[], options: EnvironmentsOptions) => {
      const { runEnvironments } = await import('./environments-run.js');
      process.exitCode = await runEnvironments(paths, options);
    });
}
