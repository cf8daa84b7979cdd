// The command line: the commands declared, then run. Each command's module declares it and
// loads its work lazily; only the command named on the command line is declared (a run of
// `monitors validate` does not load the declarations of plan, sim, ci...), all of them when
// none is named (help, an unknown command and its suggestions).
import { Command } from 'commander';
import { docsHelp } from './docs-location.js';
import { optionErrorsAs } from './option-errors.js';
import { runMain } from './run-main.js';
import { packageVersion } from '../version/package-version.js';

type Register = (program: Command) => void;

const COMMANDS: Record<string, () => Promise<Register>> = {
  init: async () => (await import('./commands/init.js')).registerInit,
  validate: async () => (await import('./commands/validate.js')).registerValidate,
  plan: async () => (await import('./commands/plan.js')).registerPlan,
  apply: async () => (await import('./commands/apply.js')).registerApply,
  check: async () => (await import('./commands/check.js')).registerCheck,
  destroy: async () => (await import('./commands/destroy.js')).registerDestroy,
  export: async () => (await import('./commands/export.js')).registerExport,
  sim: async () => (await import('./commands/sim.js')).registerSim,
  environments: async () => (await import('./commands/environments.js')).registerEnvironments,
  ci: async () => (await import('./commands/ci.js')).registerCi,
};

export async function runProgram(argv: string[]): Promise<void> {
  const program = new Command('monitors')
    .description('Monitors as code: validate, plan, apply and check uptime monitors kept as YAML in git.')
    .version(packageVersion())
    .option('--debug', 'log every API request and response (token redacted)')
    .showHelpAfterError()
    .addHelpText('after', docsHelp)
    .exitOverride();
  // Before the commands are registered: they copy it.
  optionErrorsAs(program, 'BAD_OPTION');
  // The program's own options take no value, so the first word that is not one names the command.
  const named = argv.slice(2).find((arg) => !arg.startsWith('-'));
  const wanted = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  for (const register of await Promise.all(wanted.map((name) => COMMANDS[name]!()))) register(program);
  await runMain(program, argv);
}
