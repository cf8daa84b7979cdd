// Runs the command line and turns any error into one located message and an exit code, never a
// stack trace.
import type { Command } from 'commander';
import { CommanderError } from './commander.js';
import { EXIT_ERROR, isMonitorsError } from '../errors.js';
import { errorText, internalErrorText } from '../render/error-report.js';
import { tolerateClosedOutput } from './output/closed-output.js';

/**
 * Runs the CLI and turns every failure into one clear message and an exit code: never a
 * stack trace for bad input (MONITORS_DEBUG=1 shows it for unexpected errors).
 */
export async function runMain(program: Command, argv: string[]): Promise<void> {
  tolerateClosedOutput();
  if (argv.includes('--debug')) process.env.MONITORS_DEBUG = '1';
  try {
    await program.parseAsync(argv);
  } catch (error) {
    process.exitCode = reportError(error);
  }
}

export function reportError(error: unknown): number {
  if (error instanceof CommanderError) {
    // Commander already printed its message (unknown option, --help, --version).
    return error.exitCode === 0 ? 0 : EXIT_ERROR;
  }
  if (isMonitorsError(error)) {
    // Messages quote names and answers from the server: never raw control characters.
    process.stderr.write(errorText(error));
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(internalErrorText(message));
  if (process.env.MONITORS_DEBUG === '1' && error instanceof Error && error.stack)
    process.stderr.write(`${error.stack}\n`);
  return EXIT_ERROR;
}
