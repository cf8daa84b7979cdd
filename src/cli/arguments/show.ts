// `monitors show PLAN_FILE`'s arguments: the format, one of plan's (a saved plan is shown as
// plan showed it).
import { chooseFormat, type FormatOf } from '../../render/formats/registry.js';
import type { ShowOptions } from './show-options.js';

export interface ShowArguments {
  format: FormatOf<'plan'>;
}

export function parseShowArguments(options: ShowOptions): ShowArguments {
  return { format: chooseFormat('plan', options.format) };
}
