// The API client's configuration from the environment, the flags and the set's settings: the base
// URL and token, and where each came from (for messages).
import type { Dispatcher } from 'undici';
import { packageVersion } from '../version/package-version.js';
import { MonitorsError } from '../errors.js';
import { API_URL_SOURCE_VARIABLE, DEFAULT_ORIGIN, fixUrl, tokenSource, type ApiOrigin } from './origin.js';

export interface ApiClientConfig {
  /** Base URL ending in /api/v1 (no trailing slash). */
  baseUrl: string;
  token: string;
  /** Requests in flight at once, for all calls of one client. */
  concurrency: number;
  /** Attempts per request, first included. */
  maxAttempts: number;
  timeouts: { connectMs: number; headersMs: number; bodyMs: number };
  /** Backoff: first delay and ceiling (ms). */
  backoff: { baseMs: number; maxMs: number };
  userAgent: string;
  debugLog?: (line: string) => void;
  /** Injected for tests: a MockAgent, or a pool. */
  dispatcher?: Dispatcher;
  clock?: () => number;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** Where the token and the URL came from, for messages (default: MONITORS_API_TOKEN, MONITORS_API_URL). */
  origin?: ApiOrigin;
}

export interface ConfigFromEnvOptions {
  /** `--api-url`: typed for this run, it wins over everything else, an environment's api_url included. */
  flagApiUrl?: string;
  /** `settings.api_url` from the YAML; MONITORS_API_URL wins over it. */
  apiUrl?: string;
  /** Where settings.api_url is written (`monitors.yaml:3:12`), for messages. */
  apiUrlAt?: string;
  /** What apiUrl is called in messages (default `settings.api_url`; a saved plan's may be `--api-url`). */
  apiUrlSource?: string;
  /** The chosen environment (settings.environments): its token variable and URL, never another's. */
  environment?: {
    name: string;
    /** The variable that holds its token; MONITORS_API_TOKEN is NOT a fallback (it may be another workspace's). */
    tokenEnv: string;
    /** Where its token_env is written, for messages. */
    tokenEnvAt?: string;
    /** Its api_url: wins over MONITORS_API_URL, which one process cannot set per environment. */
    apiUrl?: string;
    /** Where its api_url is written, for messages. */
    apiUrlAt?: string;
    /** What its apiUrl is called in messages (default `settings.environments.NAME.api_url`). */
    apiUrlSource?: string;
  };
  debug?: boolean;
  userAgent?: string;
}

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|\[::1\]|localhost)$/i;

/**
 * Reads MONITORS_API_TOKEN and MONITORS_API_URL, or for an environment its own token
 * variable and api_url. The token never comes from an argument.
 */
export function apiConfigFromEnv(env: NodeJS.ProcessEnv, options: ConfigFromEnvOptions = {}): ApiClientConfig {
  const { environment } = options;
  const tokenOrigin = originOfToken(options);
  const variable = tokenOrigin.variable;
  const token = env[variable]?.trim();
  if (!token) {
    const named = tokenSource({ ...DEFAULT_ORIGIN, token: tokenOrigin });
    throw new MonitorsError(
      'CONFIG_NO_TOKEN',
      environment ? `${variable} is not set (the token of environment ${environment.name})` : `${variable} is not set`,
      {
        hint: environment
          ? `Set ${named} to a token of the ${environment.name} workspace (in CI: from a secret). MONITORS_API_TOKEN is not used for an environment: it could belong to another workspace.`
          : 'Create a token in the dashboard (settings, API) with the scopes this command needs, then `export MONITORS_API_TOKEN=...` (in CI: from a secret).',
      },
    );
  }
  checkToken(token, variable);
  const chosen = chooseUrl(env, options);
  if (!chosen) {
    const yaml = environment
      ? `settings.environments.${environment.name}.api_url nor settings.api_url`
      : 'settings.api_url';
    throw new MonitorsError(
      'CONFIG_NO_API_URL',
      `no API URL: no --api-url, MONITORS_API_URL is not set and the YAML has no ${yaml}`,
      {
        hint: 'Pass --api-url or set MONITORS_API_URL to the base URL ending in /api/v1 (for the local simulator: the first line `monitors sim` prints).',
      },
    );
  }
  const origin: ApiOrigin = { token: tokenOrigin, url: chosen.origin };
  return {
    baseUrl: checkBaseUrl(chosen.raw, origin),
    token,
    origin,
    concurrency: intFromEnv(env.MONITORS_CONCURRENCY, 8, 1, 64, 'MONITORS_CONCURRENCY'),
    maxAttempts: intFromEnv(env.MONITORS_MAX_ATTEMPTS, 6, 1, 20, 'MONITORS_MAX_ATTEMPTS'),
    timeouts: { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 },
    backoff: {
      baseMs: intFromEnv(env.MONITORS_RETRY_BASE_MS, 250, 1, 60_000, 'MONITORS_RETRY_BASE_MS'),
      maxMs: 20_000,
    },
    userAgent: options.userAgent ?? `monitors/${packageVersion()}`,
    ...((options.debug ?? env.MONITORS_DEBUG === '1')
      ? { debugLog: (line: string) => process.stderr.write(`${line}\n`) }
      : {}),
  };
}

function originOfToken({ environment }: ConfigFromEnvOptions): ApiOrigin['token'] {
  if (!environment) return DEFAULT_ORIGIN.token;
  const setting = `settings.environments.${environment.name}.token_env`;
  return {
    variable: environment.tokenEnv,
    namedBy: { setting, ...(environment.tokenEnvAt ? { at: environment.tokenEnvAt } : {}) },
  };
}

/** The first of --api-url, the environment's api_url, MONITORS_API_URL, settings.api_url; and which one it was. */
function chooseUrl(
  env: NodeJS.ProcessEnv,
  { flagApiUrl, environment, apiUrl, apiUrlAt, apiUrlSource }: ConfigFromEnvOptions,
): { raw: string; origin: ApiOrigin['url'] } | undefined {
  const yaml = (source: string, at: string | undefined) => ({ source, ...(at ? { at } : {}) });
  const environmentSource = environment?.apiUrlSource ?? `settings.environments.${environment?.name ?? ''}.api_url`;
  const candidates: [string | undefined, ApiOrigin['url']][] = [
    [flagApiUrl, { source: '--api-url' }],
    [environment?.apiUrl, yaml(environmentSource, environment?.apiUrlAt)],
    [env.MONITORS_API_URL, { source: env[API_URL_SOURCE_VARIABLE]?.trim() || 'MONITORS_API_URL' }],
    [apiUrl, yaml(apiUrlSource ?? 'settings.api_url', apiUrlAt)],
  ];
  for (const [value, origin] of candidates) if (value?.trim()) return { raw: value.trim(), origin };
  return undefined;
}

/**
 * A bearer token is visible ASCII without spaces (RFC 6750 b64token, and what an HTTP
 * header can carry). Refused before any request: undici rejects such a header per request,
 * and each rejection leaks a connection slot of its pool, so the retries end in a hang.
 * The message says where the bad character is, never what the token is.
 */
export function checkToken(token: string, variable = 'MONITORS_API_TOKEN'): void {
  if (/^Bearer\s/i.test(token)) {
    throw new MonitorsError('CONFIG_BAD_TOKEN', `${variable} starts with "Bearer "; it must hold the token alone`, {
      hint: `Set ${variable} to the token without the "Bearer " prefix (the tool adds it).`,
    });
  }
  const bad = [...token].findIndex((ch) => !/^[\x21-\x7E]$/.test(ch));
  if (bad >= 0) {
    const what = /\s/.test([...token][bad]!) ? 'a space or line break' : 'a character that is not printable ASCII';
    throw new MonitorsError(
      'CONFIG_BAD_TOKEN',
      `${variable} contains ${what} (character ${bad + 1}), which no API token has and no HTTP header can carry`,
      {
        hint: `Copy the token again from the dashboard (settings, API) and set ${variable} to exactly that value.`,
      },
    );
  }
}

/**
 * https only, except loopback hosts (the simulator); the path is kept, a trailing slash
 * dropped. `origin` names where the URL came from in the hints.
 */
export function checkBaseUrl(raw: string, origin: ApiOrigin = DEFAULT_ORIGIN): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new MonitorsError('CONFIG_BAD_URL', `the API URL "${raw}" is not a valid URL`, {
      hint: `${fixUrl(origin)} to the base URL ending in /api/v1, e.g. https://monitoring.example.com/api/v1.`,
    });
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    throw new MonitorsError(
      'CONFIG_INSECURE_URL',
      `the API URL must use https (plain http is allowed only for loopback hosts), got ${url.protocol}//${url.host}`,
      {
        hint: `The token travels with every request; ${lowerFirst(fixUrl(origin))} to the https URL of the API.`,
      },
    );
  }
  if (url.username || url.password)
    throw new MonitorsError(
      'CONFIG_BAD_URL',
      `the API URL must not contain credentials; put the token in ${origin.token.variable}`,
      { hint: `${fixUrl(origin)} to the URL without user name and password.` },
    );
  url.search = '';
  url.hash = '';
  const base = url.toString().replace(/\/+$/, '');
  // Spec 9.1: the version is part of the path. Anything else (the bare host, the dashboard,
  // an endpoint pasted whole) would be asked for /monitors and answer with a page or a 404.
  if (!/\/api\/v1$/.test(new URL(base).pathname)) {
    throw new MonitorsError(
      'CONFIG_BAD_URL',
      `the API URL ${base} does not end in /api/v1, the base address of the monitoring API (version 1)`,
      {
        hint: `${fixUrl(origin)} to the base URL ending in /api/v1, e.g. https://monitoring.example.com/api/v1 (with any path prefix before it kept).`,
      },
    );
  }
  return base;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function intFromEnv(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new MonitorsError('CONFIG_BAD_VALUE', `${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  return n;
}
