#!/usr/bin/env node
import { Command } from 'commander';
import { registerApply } from './commands/apply.js';
import { registerCheck } from './commands/check.js';
import { registerCi } from './commands/ci.js';
import { registerDestroy } from './commands/destroy.js';
import { registerEnvironments } from './commands/environments.js';
import { registerExport } from './commands/export.js';
import { registerInit } from './commands/init.js';
import { registerPlan } from './commands/plan.js';
import { registerSim } from './commands/sim.js';
import { registerStatus } from './commands/status.js';
import { registerValidate } from './commands/validate.js';
import { docsHelp } from './docs-location.js';
import { optionErrorsAs } from './option-errors.js';
import { runMain } from './run-main.js';
import { packageVersion } from '../version/package-version.js';

const program = new Command('monitors')
  .description('Monitors as code: validate, plan, apply and check uptime monitors kept as YAML in git.')
  .version(packageVersion())
  .option('--debug', 'log every API request and response (token redacted)')
  .showHelpAfterError()
  .addHelpText('after', docsHelp)
  .exitOverride();
// Before the commands are registered: they copy it.
optionErrorsAs(program, 'BAD_OPTION');

registerInit(program);
registerValidate(program);
registerPlan(program);
registerApply(program);
registerCheck(program);
registerStatus(program);
registerDestroy(program);
registerExport(program);
registerSim(program);
registerEnvironments(program);
registerCi(program);

await runMain(program, process.argv);
