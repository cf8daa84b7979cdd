import { MonitorsError } from '../errors.js';
import { ENV_REFERENCE } from '../model/env-references.js';

/**
 * Puts environment values back in place of `${env:NAME}` templates of a plan body.
 * A missing variable is an error naming it (never its value: there is none).
 */
export function resolveEnvTemplates<T>(value: T, env: NodeJS.ProcessEnv): T {
  if (typeof value === 'string') {
    return value.replace(ENV_REFERENCE, (whole, escape: string, name: string) => {
      if (escape) return whole.slice(1);
      const v = env[name];
      if (v === undefined) {
        throw new MonitorsError(
          'APPLY_MISSING_ENV',
          `environment variable ${name} is not set, and the plan refers to it`,
          {
            hint: `Export ${name} (in CI: from a repository secret) and run apply again.`,
          },
        );
      }
      return v;
    }) as T;
  }
  if (Array.isArray(value)) return (value as unknown[]).map((v) => resolveEnvTemplates(v, env)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, resolveEnvTemplates(v, env)]),
    ) as T;
  }
  return value;
}
