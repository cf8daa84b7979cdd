#!/usr/bin/env node
// The CLI's entry. Start-up is most of a small command's time, so this file imports next to
// nothing: `--version` is answered without loading the command line parser; otherwise
// Node's compile cache (Node 22.1 and later; NODE_DISABLE_COMPILE_CACHE=1 turns it off) is
// switched on, so later runs skip compiling the modules loaded after it, and the work of the
// command named is loaded beside the program (command-modules.ts).
import module from 'node:module';
import { packageVersion } from '../version/package-version.js';
import { tolerateClosedOutput } from './output/closed-output.js';
import { COMMAND_MODULES, namedCommand } from './command-modules.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  tolerateClosedOutput();
  process.stdout.write(`${packageVersion()}\n`);
} else {
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const named = namedCommand(args);
  // A failure to load is reported where the command itself imports its work.
  if (named !== undefined) COMMAND_MODULES[named]!.work().catch(() => undefined);
  const { runProgram } = await import('./program.js');
  await runProgram(process.argv);
}
