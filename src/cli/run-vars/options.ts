// `--var NAME=VALUE` and `--var-file FILE` on validate, plan, apply, check and status: a
// var set for one run (a pull request's preview deployment, say) without an edit of
// settings.yaml. Read before the command's work starts, so a bad one is one BAD_OPTION line.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { MonitorsError } from '../../errors.js';
import { collect } from '../arguments/collect.js';
import { setRunVars } from './current.js';

export interface VarOptions {
  var?: string[];
  varFile?: string[];
}

export function addVarOptions(command: Command): Command {
  return command
    .option(
      '--var <NAME=VALUE>',
      "set a var for this run, over the YAML's vars (VALUE read as YAML: 600 is a number); repeatable",
      collect,
    )
    .option(
      '--var-file <file>',
      'set the vars of a YAML or JSON mapping for this run (--var wins); repeatable',
      collect,
    )
    .hook('preAction', async (_program, action) => {
      const options = action.opts<VarOptions>();
      if (!options.var && !options.varFile) return;
      const files = await Promise.all((options.varFile ?? []).map(readVarFile));
      const { parseRunVars } = await import('./parse.js');
      setRunVars(parseRunVars(options.var ?? [], files));
    });
}

async function readVarFile(file: string): Promise<{ file: string; text: string }> {
  try {
    return { file, text: await readFile(file, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new MonitorsError('BAD_OPTION', `--var-file ${file} cannot be read (${code})`);
  }
}
