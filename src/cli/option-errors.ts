// Commander's own errors (an unknown option, a missing value, too many arguments) in the
// CLI's style, `error CODE: message`, like every other refusal: `error BAD_OPTION: unknown
// option '--bogus'` (the sim's: SIM_BAD_OPTION, as docs/simulator.md says). Commander's
// "(Did you mean --yes?)" joins the same line: one line says what is wrong and what is close.
import type { Command } from 'commander';

export function optionErrorsAs(command: Command, code: string): Command {
  return command.configureOutput({
    outputError: (text, write) =>
      write(
        text
          .replace(/^error: /, /^error: unknown command/.test(text) ? 'error UNKNOWN_COMMAND: ' : `error ${code}: `)
          .replace(/\n\(Did you mean (.*)\?\)/, '; did you mean $1?'),
      ),
  });
}
