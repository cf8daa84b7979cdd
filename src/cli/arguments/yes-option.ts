// --yes and its spellings (-y, --auto-approve), declared once for the commands that ask.
import type { Command } from 'commander';
import { Option } from '../commander.js';

/**
 * `--yes`, `-y` and Terraform's `--auto-approve`: one switch under three spellings, so that
 * the habit of either tool works (apply, destroy). The third is hidden from the option
 * list and named in the help of the first; it sets the same `yes`.
 */
export function addYesOption(command: Command): Command {
  command
    .option('-y, --yes', 'do not ask for confirmation (required without a terminal, e.g. in CI; also --auto-approve)')
    .addOption(new Option('--auto-approve').hideHelp())
    .on('option:auto-approve', () => command.setOptionValueWithSource('yes', true, 'cli'));
  return command;
}
