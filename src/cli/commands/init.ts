// `monitors init`: its options and help.
import path from 'node:path';
import type { Command } from 'commander';
import { ciStarter, INIT_CIS } from '../../init/ci-starters.js';
import { orList } from '../../model/or-list.js';

export interface InitOptions {
  ci?: string;
}

export function registerInit(program: Command): void {
  program
    .command('init')
    .description(
      'Write a starter repository of monitors that validates at once (settings, commented defaults, one monitor of each common type, .gitignore, a CI workflow on request); never overwrites a file.',
    )
    .argument('[dir]', 'the folder to write it in, created when missing (default: ., the current folder)')
    .option('--ci <provider>', `also write a CI workflow: ${ciHelp()}`)
    .action(async (dir: string | undefined, options: InitOptions) => {
      const { runInit } = await import('../../init/run-init.js');
      const request = {
        dir: dir ?? '.',
        ci: options.ci,
        cwd: process.cwd(),
        entryFile: process.argv[1] ?? '',
        pathDirs: (process.env.PATH ?? '').split(path.delimiter),
      };
      process.stdout.write(await runInit(request));
    });
}

/** `github (.github/workflows/monitors.yml) or gitlab (.gitlab-ci.yml)`, from the starters. */
function ciHelp(): string {
  return orList(INIT_CIS.map((name) => `${name} (${ciStarter(name).path})`));
}
