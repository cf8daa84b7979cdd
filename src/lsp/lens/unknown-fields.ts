// A field filled from `${env:NAME}` whose variable is not set where the editor started the
// server cannot be compared with what was last applied: the lens and hover say "unknown
// until NAME is set", never "changed" (the plan, which refuses to run without it, would
// know). Only variable names are ever named here, never a value. Pure.
import type { DesiredMonitor } from '../../model/monitor.js';
import { envNamesIn } from '../../model/env-references.js';

/** Each field of the monitor that uses an unset variable, with those variables. */
export function fieldsWithUnsetVariables(monitor: DesiredMonitor): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [field, template] of Object.entries(monitor.envRefs)) {
    const unset = [...envNamesIn(template)].filter((name) => monitor.envValues?.[name] === undefined);
    if (unset.length > 0) out.set(field, unset);
  }
  return out;
}

/** `unknown until ACME_TOKEN is set`, `unknown until A and B are set`. */
export function unknownUntil(variables: readonly string[]): string {
  const names = [...new Set(variables)].sort();
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `unknown until ${list} ${names.length === 1 ? 'is' : 'are'} set`;
}
