// How a failure is said on stderr, the same for every command: `error CODE: message` and its
// hint, an unexpected error as a bug to report, and output that could not be written. Messages
// quote names and answers from the server: control characters are shown, never sent raw.
import { printable } from '../model/printable.js';

/** `error CODE: message`, then the hint indented on its own line. */
export function errorText(error: { code: string; message: string; hint?: string | undefined }): string {
  return `error ${error.code}: ${printable(error.message)}\n${error.hint ? `  ${printable(error.hint)}\n` : ''}`;
}

/** An error no code was given to: a bug in monitors. */
export function internalErrorText(message: string): string {
  return `error INTERNAL: ${printable(message)}\n  This is a bug in monitors; please report it with MONITORS_DEBUG=1 output.\n`;
}

/** stdout could not be written (a full disk behind `> plan.txt`); said on stderr. */
export function outputFailedLine(message: string): string {
  return `error OUTPUT_FAILED: stdout: ${message}\n`;
}
