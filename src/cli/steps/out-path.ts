// Refuses an --out that would overwrite the lock file or a YAML file of the set.
import { resolve } from 'node:path';
import { MonitorsError } from '../../errors.js';

/**
 * Where `plan --out` may write: anywhere but over the YAML the plan was made from or the
 * lock file (`--out monitors.lock.json` is an easy slip, and the saved plan would replace
 * the record of which monitors the tool manages). Returns the path as given.
 */
export function checkOutPath(out: string, cwd: string, inputs: { files: readonly string[]; lockPath: string }): string {
  const target = resolve(cwd, out);
  const clash =
    target === resolve(cwd, inputs.lockPath)
      ? 'the lock file'
      : inputs.files.some((f) => resolve(cwd, f) === target)
        ? 'a YAML file of this plan'
        : undefined;
  if (clash) {
    throw new MonitorsError(
      'BAD_OPTION',
      `--out ${out} is ${clash}; the saved plan would overwrite it. Nothing was written`,
      {
        hint: 'Save the plan to a file of its own, e.g. --out plan.json.',
      },
    );
  }
  return out;
}
