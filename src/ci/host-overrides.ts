// The two variables that override a Git host's API base and token for every provider
// (self-hosted servers, proxies, tests): read here once, so each provider only names its own
// defaults and no provider reads them its own way.

export const CI_API_URL_VARIABLE = 'MONITORS_CI_API_URL';
export const CI_TOKEN_VARIABLE = 'MONITORS_CI_TOKEN';

/** The API base to call: MONITORS_CI_API_URL when set, else the host's own (from its CI variables), without a trailing slash. */
export function hostApiBase(env: NodeJS.ProcessEnv, hostDefault: string | undefined): string | undefined {
  const chosen = env[CI_API_URL_VARIABLE]?.trim() || hostDefault;
  return chosen?.replace(/\/+$/, '');
}

/** The token and the variable it came from (for messages, which name the variable and never the value). */
export interface HostToken {
  token: string;
  variable: string;
}

/** MONITORS_CI_TOKEN when set, else the first of the host's own variables that is set. */
export function hostToken(env: NodeJS.ProcessEnv, hostVariables: readonly string[]): HostToken | undefined {
  for (const variable of [CI_TOKEN_VARIABLE, ...hostVariables]) {
    const token = env[variable]?.trim();
    if (token) return { token, variable };
  }
  return undefined;
}
