// `${env:NAME}` references as a plan body keeps them (src/load/env.ts reads them in YAML):
// `$${env:NAME}` is the literal text `${env:NAME}`, not a reference.
export const ENV_REFERENCE = /\$(\$?)\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Names of the environment variables a value refers to (escaped references are text). */
export function envNamesIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    for (const m of value.matchAll(ENV_REFERENCE)) if (!m[1]) into.add(m[2]!);
  } else if (Array.isArray(value)) for (const v of value) envNamesIn(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) envNamesIn(v, into);
  return into;
}

/** Whether a field's value is written as a template (the loader's test: `{env:` anywhere in it). */
export function isTemplate(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{env:');
  return Array.isArray(value) && value.some((v) => typeof v === 'string' && v.includes('{env:'));
}
