// Commander's own errors (an unknown option, a missing value, too many arguments) in the
// CLI's style, `error CODE: message`, like every other refusal: `error BAD_OPTION: unknown
// option '--bogus'` (the sim's: SIM_BAD_OPTION, as docs/simulator.md says). Commander's
// "(Did you mean --yes?)" joins the same line: one line says what is wrong and what is close.
// Its bar is low (`--force` for `--format`, `state` for `status`), so a suggestion is kept only
// within the edits the loader allows a field name (a quarter of the word, at least one).
import type { Command } from 'commander';
import { withinReach } from '../model/did-you-mean.js';

export function optionErrorsAs(command: Command, code: string, unknownCommandNote = ''): Command {
  return command.configureOutput({
    outputError: (text, write) =>
      write(
        closeSuggestionsOnly(text)
          .replace(/^error: /, /^error: unknown command/.test(text) ? 'error UNKNOWN_COMMAND: ' : `error ${code}: `)
          .replace(/\n\(Did you mean (.*)\?\)/, '; did you mean $1?')
          .replace(/^(error UNKNOWN_COMMAND: [^\n]*)/, `$1${unknownCommandNote}`),
      ),
  });
}

/** Commander's message with only the suggestions near the word typed. */
export function closeSuggestionsOnly(text: string): string {
  const typed = /^error: unknown (?:option|command) '(?:--)?([^']*)'/.exec(text)?.[1];
  const suggested = /\n\(Did you mean (?:one of )?(.*)\?\)/.exec(text);
  if (typed === undefined || !suggested) return text;
  const near = withinReach(typed, suggested[1]!.split(', '), {
    spelled: (s) => s.replace(/^--/, ''),
    ignoreCase: true,
  });
  const kept = near.length === 0 ? '' : `\n(Did you mean ${near.join(' or ')}?)`;
  return text.replace(suggested[0], kept);
}
