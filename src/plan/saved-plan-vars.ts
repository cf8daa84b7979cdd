// The vars set for the run a saved plan was made in (`plan --out FILE --var NAME=VALUE`),
// recorded in the plan as written (vars are not secrets; a `${env:NAME}` in one is kept as
// that text, never the variable's value). `apply --plan FILE` needs no --var: the plan
// carries what they made. Given any, they must be the same names and values, or the plan
// would be applied as if made from YAML it was not made from.
import { isDeepStrictEqual } from 'node:util';
import { MonitorsError } from '../errors.js';

export type WrittenVars = Readonly<Record<string, unknown>>;

/** Throws PLAN_VARS_DIFFER, naming the vars that differ, when `given` (non-empty) is not what the plan recorded. */
export function checkSavedVars(recorded: WrittenVars | undefined, given: WrittenVars, file: string): void {
  const saved = recorded ?? {};
  if (Object.keys(given).length === 0 || isDeepStrictEqual(saved, given)) return;
  const names = [...new Set([...Object.keys(saved), ...Object.keys(given)])]
    .filter((name) => !isDeepStrictEqual(saved[name], given[name]))
    .sort();
  const shown = names.map(
    (name) => `${name} (${describe(saved[name], 'the plan')}, ${describe(given[name], 'this run')})`,
  );
  throw new MonitorsError(
    'PLAN_VARS_DIFFER',
    `the saved plan ${file} was made with other vars than this run sets: ${shown.join(', ')}; nothing was changed`,
    {
      hint: 'Apply the saved plan without --var and --var-file (it carries the vars it was made with), or make a new plan with these vars (`monitors plan --out FILE --var ...`).',
    },
  );
}

function describe(value: unknown, where: string): string {
  return value === undefined ? `not set by ${where}` : `${where}: ${JSON.stringify(value).slice(0, 60)}`;
}
