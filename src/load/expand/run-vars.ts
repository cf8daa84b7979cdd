// Vars set for one run (`--var NAME=VALUE`, `--var-file FILE`): they win over the file's
// `vars:` and the environment's, and each is named by where it was set ("--var domain"),
// which messages give where a file position would be. A name no file or environment
// declares is an error (var.unknown) with "did you mean".
import type { Diagnostic } from '../../model/monitor.js';
import { closest } from '../../model/did-you-mean.js';
import type { VarValue } from './references.js';

export interface RunVar {
  value: VarValue;
  /** Where it was set, for messages: `--var domain` or `--var-file vars.yaml`. */
  from: string;
}

export type RunVars = ReadonlyMap<string, RunVar>;

/** The values alone, for a template scope. */
export function runVarValues(vars: RunVars | undefined): ReadonlyMap<string, VarValue> | undefined {
  if (!vars || vars.size === 0) return undefined;
  return new Map([...vars].map(([name, v]) => [name, v.value]));
}

/** One error per var set for the run that nothing declares, located where it was set. */
export function unknownRunVars(vars: RunVars | undefined, declared: ReadonlySet<string>): Diagnostic[] {
  if (!vars) return [];
  const names = [...declared].sort();
  const out: Diagnostic[] = [];
  for (const [name, { from }] of vars) {
    if (declared.has(name)) continue;
    const near = closest(name, names);
    out.push({
      file: from,
      line: 0,
      col: 0,
      severity: 'error',
      code: 'var.unknown',
      message: `var "${name}" is not declared in any file's vars: or settings.environments.NAME.vars${
        near ? `; did you mean "${near}"?` : names.length > 0 ? ` (declared: ${names.slice(0, 10).join(', ')})` : ''
      }`,
    });
  }
  return out;
}
