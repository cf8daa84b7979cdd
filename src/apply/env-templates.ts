import { MonitorsError } from '../errors.js';

// As in the YAML (src/load/env.ts): `$${env:NAME}` is the literal text `${env:NAME}`.
const ENV_REF = /\$(\$?)\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Names of the environment variables a plan body refers to (escaped references are text). */
export function envNamesIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    for (const m of value.matchAll(ENV_REF)) if (!m[1]) into.add(m[2]!);
  } else if (Array.isArray(value)) for (const v of value) envNamesIn(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) envNamesIn(v, into);
  return into;
}

/**
 * Puts environment values back in place of `${env:NAME}` templates of a plan body.
 * A missing variable is an error naming it (never its value: there is none).
 */
export function resolveEnvTemplates<T>(value: T, env: NodeJS.ProcessEnv): T {
  if (typeof value === 'string') {
    return value.replace(ENV_REF, (whole, escape: string, name: string) => {
      if (escape) return whole.slice(1);
      const v = env[name];
      if (v === undefined) {
        throw new MonitorsError('APPLY_MISSING_ENV', `environment variable ${name} is not set, and the plan refers to it`, {
          hint: `Export ${name} (in CI: from a repository secret) and run apply again.`,
        });
      }
      return v;
    }) as T;
  }
  if (Array.isArray(value)) return value.map((v) => resolveEnvTemplates(v, env)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveEnvTemplates(v, env)])) as T;
  }
  return value;
}
