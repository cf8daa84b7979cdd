// The vars of this run (`--var`, `--var-file`), set once by the command's preAction hook
// (options.ts) and read where the CLI loads the YAML: one process runs one command, so the
// command's run files need not hand them down through every step.
import type { RunVars } from '../../load/expand/run-vars.js';

let current: RunVars | undefined;

export function setRunVars(vars: RunVars): void {
  current = vars.size > 0 ? vars : undefined;
}

/** The vars set for this run, if any. */
export const runVars = (): RunVars | undefined => current;

/** As the loader's options take them: nothing when none was set. */
export const runVarsOption = (): { vars?: RunVars } => (current ? { vars: current } : {});

/** The names and values as written, for a saved plan and its comparison (never an environment value: none is read). */
export function writtenVars(vars: RunVars | undefined = current): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (vars) for (const name of [...vars.keys()].sort()) out[name] = vars.get(name)!.value;
  return out;
}
