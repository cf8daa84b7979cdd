// Where a run's token and API URL come from, as plain data, so that a refusal or an
// unreachable host names the variable or setting really used (`ACME_STAGING_TOKEN`,
// `settings.environments.staging.api_url at settings.yaml:10:14`), never one the run did
// not read. The CLI fills it in from the YAML; the api layer only words it.

export interface ApiOrigin {
  token: {
    /** The environment variable the token was read from. */
    variable: string;
    /** The setting that named that variable (an environment's token_env), when one did. */
    namedBy?: { setting: string; at?: string };
  };
  url: {
    /** `--api-url`, `MONITORS_API_URL` (`monitors ci --api-url` when that set it), or the YAML setting (`settings.environments.staging.api_url`). */
    source: string;
    /** For a YAML setting: where it is written, `settings.yaml:10:14`. */
    at?: string;
  };
}

/**
 * Set by `monitors ci` beside the MONITORS_API_URL it gives its runs from its own --api-url:
 * what to call that URL in messages, since the user never set MONITORS_API_URL.
 */
export const API_URL_SOURCE_VARIABLE = 'MONITORS_API_URL_SOURCE';

/** Without any YAML or flag: what the tool reads by default. */
export const DEFAULT_ORIGIN: ApiOrigin = {
  token: { variable: 'MONITORS_API_TOKEN' },
  url: { source: 'MONITORS_API_URL' },
};

/** `settings.environments.staging.api_url (settings.yaml:10:14)`, `--api-url`, `MONITORS_API_URL`. */
export function urlSource(origin: ApiOrigin): string {
  return origin.url.at ? `${origin.url.source} (${origin.url.at})` : origin.url.source;
}

/** The start of a sentence that changes the URL: `Pass another --api-url`, `Set MONITORS_API_URL`, `Set settings.api_url (monitors.yaml:3:12)`. */
export function fixUrl(origin: ApiOrigin): string {
  return origin.url.source === '--api-url' ? 'Pass --api-url' : `Set ${urlSource(origin)}`;
}

/** `ACME_STAGING_TOKEN (named by settings.environments.staging.token_env at settings.yaml:11:18)`. */
export function tokenSource(origin: ApiOrigin): string {
  const by = origin.token.namedBy;
  if (!by) return origin.token.variable;
  return `${origin.token.variable} (named by ${by.setting}${by.at ? ` at ${by.at}` : ''})`;
}
