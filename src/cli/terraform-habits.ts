// Terraform's spellings, answered with ours. Terraform takes long flags with one dash
// (`-auto-approve`, `-out=FILE`, `-var NAME=VALUE`); commander reads `-auto-approve` as
// short flags and refuses it with no suggestion. An unknown `-word` that is one of the
// command's long options (hidden ones too: `--auto-approve`) gets "did you mean
// --auto-approve?"; it is not accepted, so that `-e` style short flags keep one meaning.
// `monitors state list|show|rm`: Terraform's state is our lock file (`monitors lock`).
import type { Command } from 'commander';

const SINGLE_DASH_LONG = /^-([A-Za-z][A-Za-z0-9-]+)(=.*)?$/s;

/** `-auto-approve` for a command with `--auto-approve`: the flag meant (with its `=VALUE`), or undefined. */
export function twoDashSpelling(flag: string, command: Command): string | undefined {
  const match = SINGLE_DASH_LONG.exec(flag);
  if (!match) return undefined;
  const long = `--${match[1]!}`;
  for (let c: Command | null = command; c; c = c.parent)
    if (c.options.some((o) => o.long === long)) return `${long}${match[2] ?? ''}`;
  return undefined;
}

/** Every command of the program answers an unknown `-word` that is a long option of its with the two-dash spelling. */
export function suggestTwoDashes(command: Command): void {
  // commander's (undocumented, stable since v2) hook for an unknown option of this command.
  const own = command as unknown as { unknownOption(flag: string): void };
  const unknownOption = own.unknownOption.bind(command);
  own.unknownOption = (flag: string) => {
    const meant = twoDashSpelling(flag, command);
    if (meant === undefined) return unknownOption(flag);
    // commander's own suggestion line is filtered by distance (option-errors.ts): this one is said on the line itself.
    command.error(`error: unknown option '${flag}'; did you mean ${meant}? (long options take two dashes)`, {
      code: 'commander.unknownOption',
    });
  };
  for (const sub of command.commands) suggestTwoDashes(sub);
}

const STATE_TO_LOCK: Record<string, string> = { list: 'lock list', show: 'lock show', rm: 'lock forget' };

/** What `monitors state ...` means here, when the arguments name Terraform's state command. */
export function statePointer(args: readonly string[]): string | undefined {
  const at = args.findIndex((a) => !a.startsWith('-'));
  if (at === -1 || args[at] !== 'state') return undefined;
  const sub = args[at + 1];
  const meant = sub !== undefined ? STATE_TO_LOCK[sub] : undefined;
  return meant
    ? `; the lock file is what Terraform's state is here: did you mean \`monitors ${meant}\`?`
    : "; the lock file is what Terraform's state is here: `monitors lock list|show|forget` (for state list|show|rm)";
}
