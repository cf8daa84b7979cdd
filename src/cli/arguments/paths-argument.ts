// The [PATH...] argument, declared once for the commands that load YAML.
import { Argument } from '../commander.js';

/**
 * The `[paths...]` of validate, plan and apply, with its default said in --help. No
 * default value is set here: apply must tell `apply --plan FILE` from `apply . --plan FILE`,
 * and an empty list means the current folder everywhere.
 */
export function pathsArgument(): Argument {
  return new Argument('[paths...]', 'YAML files or folders, searched recursively (default: ., the current folder)');
}
