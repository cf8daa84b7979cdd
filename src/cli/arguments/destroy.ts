// `monitors destroy`'s arguments: those of every writing command; destroy has no --plan,
// --wait, --target or --replace.
import type { WriteSettings } from '../steps/write-settings.js';
import type { DestroyOptions } from './destroy-options.js';
import { parseWriteArguments } from './write.js';

export function parseDestroyArguments(paths: string[], options: DestroyOptions, env: NodeJS.ProcessEnv): WriteSettings {
  return parseWriteArguments(paths, options, undefined, env);
}
