// The command line: the commands declared, then run. Each command's module declares it and
// loads its work lazily; only the command named on the command line is declared (a run of
// `monitors validate` does not load the declarations of plan, sim, ci...), all of them when
// none is named (help, an unknown command and its suggestions).
import { Command } from './commander.js';
import { COMMAND_MODULES, namedCommand } from './command-modules.js';
import { docsHelp } from './docs-location.js';
import { formatHelpItem } from './help-layout.js';
import { optionErrorsAs } from './option-errors.js';
import { statePointer, suggestTwoDashes } from './terraform-habits.js';
import { runMain } from './run-main.js';
import { packageVersion } from '../version/package-version.js';

// The sim's refusals are one line alone, as docs/simulator.md promises its scripts.
const ONE_LINE_ERRORS = new Set(['sim']);

export async function runProgram(argv: string[]): Promise<void> {
  const program = new Command('monitors')
    .description('Monitors as code: validate, plan, apply and check uptime monitors kept as YAML in git.')
    .version(packageVersion())
    .option('--debug', 'log every API request and response (token redacted)')
    // A mistyped flag gets one line and a pointer, not the whole help page.
    .showHelpAfterError('  `monitors --help` lists the commands.')
    // --debug is the program's: shown in every command's help too.
    .configureHelp({ showGlobalOptions: true, formatItem: formatHelpItem })
    .addHelpText('after', docsHelp)
    .exitOverride();
  // Before the commands are registered: they copy it.
  optionErrorsAs(program, 'BAD_OPTION', statePointer(argv.slice(2)));
  const named = namedCommand(argv.slice(2));
  const wanted = named !== undefined ? [named] : Object.keys(COMMAND_MODULES);
  const declarations = await Promise.all(wanted.map((name) => COMMAND_MODULES[name]!.declaration()));
  for (const register of declarations) register(program);
  for (const command of program.commands)
    if (!ONE_LINE_ERRORS.has(command.name()))
      command.showHelpAfterError(`  \`monitors ${command.name()} --help\` lists its options.`);
  suggestTwoDashes(program);
  await runMain(program, argv);
}
