// --target and --replace, declared once for plan and apply.
import type { Command } from 'commander';
import { collect } from './collect.js';

/** The --target and --replace of plan and apply, declared once so that the two say the same. */
export interface NarrowOptions {
  target?: string[];
  replace?: string[];
}

export function addNarrowOptions(command: Command): Command {
  return command
    .option(
      '--target <name>',
      'plan only the changes of monitors matching NAME or GLOB (* ? [...]; repeatable); the plan is partial, other lock records stay untouched',
      collect,
    )
    .option(
      '--replace <name>',
      'send again a monitor of the YAML matching NAME or GLOB even if nothing differs (repeatable)',
      collect,
    );
}
