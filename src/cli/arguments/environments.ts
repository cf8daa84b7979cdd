// `monitors environments`'s arguments: the format of the list.
import { chooseFormat, type FormatOf } from '../../render/formats/registry.js';
import type { EnvironmentsOptions } from './environments-options.js';

export interface EnvironmentsArguments {
  format: FormatOf<'environments'>;
}

export function parseEnvironmentsArguments(options: EnvironmentsOptions): EnvironmentsArguments {
  return { format: chooseFormat('environments', options.format) };
}
