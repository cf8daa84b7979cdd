// Every message about the token or the URL names the variable or setting the run really
// read (issue 23, point 1): an environment's token_env and api_url with their file:line,
// --api-url, MONITORS_API_URL or settings.api_url; never a variable the run did not read.
import { afterEach, describe, expect, it } from 'vitest';
import { apiConfigFromEnv, checkBaseUrl, type ConfigFromEnvOptions } from '../../src/api/config.js';
import type { ApiOrigin } from '../../src/api/origin.js';
import { errorForStatus, networkError } from '../../src/api/status-errors.js';
import { BASE_PATH, apiError, caught, json, mockClient, type MockSetup } from './mock-api.js';

const STAGING: ConfigFromEnvOptions = {
  apiUrl: 'https://shared.example.com/api/v1',
  apiUrlAt: 'settings.yaml:7:12',
  environment: {
    name: 'staging',
    tokenEnv: 'ACME_STAGING_TOKEN',
    tokenEnvAt: 'settings.yaml:11:18',
    apiUrl: 'https://staging.example.com/api/v1',
    apiUrlAt: 'settings.yaml:10:16',
  },
};
const ENV = { ACME_STAGING_TOKEN: 'tok_staging_123456', MONITORS_API_TOKEN: 'tok_other_workspace' };

const originOf = (env: NodeJS.ProcessEnv, options: ConfigFromEnvOptions) => apiConfigFromEnv(env, options).origin!;
const redact = (t: string) => t;

describe('where the token and the URL come from', () => {
  it('an environment: its token_env and its api_url, with where each is written', () => {
    expect(originOf(ENV, STAGING)).toEqual({
      token: {
        variable: 'ACME_STAGING_TOKEN',
        namedBy: { setting: 'settings.environments.staging.token_env', at: 'settings.yaml:11:18' },
      },
      url: { source: 'settings.environments.staging.api_url', at: 'settings.yaml:10:16' },
    });
  });

  it('--api-url wins over all, MONITORS_API_URL over settings.api_url, and each is named as such', () => {
    const withFlag = originOf(
      { ...ENV, MONITORS_API_URL: 'https://env.example.com/api/v1' },
      {
        ...STAGING,
        flagApiUrl: 'https://flag.example.com/api/v1',
      },
    );
    expect(withFlag.url).toEqual({ source: '--api-url' });
    const plain = { MONITORS_API_TOKEN: 'tok_plain_123456' };
    expect(
      originOf(
        { ...plain, MONITORS_API_URL: 'https://env.example.com/api/v1' },
        { apiUrl: 'https://x.example.com/api/v1' },
      ).url,
    ).toEqual({
      source: 'MONITORS_API_URL',
    });
    const settings = originOf(plain, { apiUrl: 'https://x.example.com/api/v1', apiUrlAt: 'monitors.yaml:3:12' });
    expect(settings).toEqual({
      token: { variable: 'MONITORS_API_TOKEN' },
      url: { source: 'settings.api_url', at: 'monitors.yaml:3:12' },
    });
  });

  it('a missing token of an environment names its variable and the line that names it', () => {
    const error = thrown(() => apiConfigFromEnv({ MONITORS_API_TOKEN: 'tok_other_workspace' }, STAGING));
    expect(error.code).toBe('CONFIG_NO_TOKEN');
    expect(error.hint).toContain(
      'Set ACME_STAGING_TOKEN (named by settings.environments.staging.token_env at settings.yaml:11:18) to a token of the staging workspace',
    );
  });

  it('a bad URL from the YAML points at the setting, one from the flag at the flag', () => {
    const bad = { ...STAGING, environment: { ...STAGING.environment!, apiUrl: 'https://staging.example.com/' } };
    const fromYaml = thrown(() => apiConfigFromEnv(ENV, bad));
    expect(fromYaml.code).toBe('CONFIG_BAD_URL');
    expect(fromYaml.hint).toMatch(
      /^Set settings\.environments\.staging\.api_url \(settings\.yaml:10:16\) to the base URL ending in \/api\/v1/,
    );
    const insecure = thrown(() => apiConfigFromEnv(ENV, { ...STAGING, flagApiUrl: 'http://api.example.com/api/v1' }));
    expect(insecure.code).toBe('CONFIG_INSECURE_URL');
    expect(insecure.hint).toBe('The token travels with every request; pass --api-url to the https URL of the API.');
    expect(thrown(() => checkBaseUrl('not a url')).hint).toMatch(/^Set MONITORS_API_URL to the base URL/);
  });
});

describe('hints of API errors name the origin', () => {
  const origin: ApiOrigin = originOf(ENV, STAGING);
  const context = { method: 'GET', path: '/monitors', redact, origin };

  it('401: the variable the token came from, and the setting that named it', () => {
    const error = errorForStatus({ status: 401, json: apiError('unauthorized', 'bad token') }, context);
    expect(error.message).toBe('the API rejected the token in ACME_STAGING_TOKEN (401); the server says: bad token');
    expect(error.hint).toBe(
      'Create a new token in the dashboard (settings, API) and set ACME_STAGING_TOKEN (named by settings.environments.staging.token_env at settings.yaml:11:18) to it.',
    );
    expect(`${error.message} ${error.hint}`).not.toContain('MONITORS_API_TOKEN');
  });

  it('403: the missing scope, and the variable to put the new token in', () => {
    const error = errorForStatus({ status: 403, json: apiError('forbidden', 'no') }, { ...context, method: 'POST' });
    expect(error.hint).toBe(
      'Create a token with the monitors:write scope in the dashboard (settings, API) and set ACME_STAGING_TOKEN (named by settings.environments.staging.token_env at settings.yaml:11:18) to it.',
    );
  });

  it('404 on a listing, and a redirect: the URL setting and where it is written', () => {
    const notFound = errorForStatus({ status: 404, json: undefined }, context);
    expect(notFound.message).toContain(
      'settings.environments.staging.api_url (settings.yaml:10:16) does not point at the monitoring API',
    );
    expect(notFound.hint).toMatch(
      /^Set settings\.environments\.staging\.api_url \(settings\.yaml:10:16\) to the base URL/,
    );
    const redirect = errorForStatus(
      { status: 301, json: undefined, headers: { location: 'https://x.example.com/' } },
      context,
    );
    expect(redirect.hint).toMatch(
      /^Set settings\.environments\.staging\.api_url \(settings\.yaml:10:16\) to the address/,
    );
    for (const e of [notFound, redirect]) expect(`${e.message} ${e.hint}`).not.toContain('MONITORS_API_URL');
  });

  it.each([
    [
      'ECONNREFUSED',
      'API_UNREACHABLE',
      'Check settings.environments.staging.api_url (settings.yaml:10:16) and the network',
    ],
    [
      'ENOTFOUND',
      'API_UNREACHABLE',
      'Check settings.environments.staging.api_url (settings.yaml:10:16) and the network',
    ],
    [
      'EAI_AGAIN',
      'API_UNREACHABLE',
      'Check settings.environments.staging.api_url (settings.yaml:10:16) and the network',
    ],
    [
      'CERT_HAS_EXPIRED',
      'API_TLS',
      'Check that settings.environments.staging.api_url (settings.yaml:10:16) names the right host',
    ],
  ])('%s: %s names the URL setting', (code, expected, hint) => {
    const cause = Object.assign(new Error('fetch failed'), { cause: Object.assign(new Error(code), { code }) });
    const error = networkError(cause, { ...context, baseUrl: 'https://staging.example.com/api/v1' });
    expect(error.code).toBe(expected);
    expect(error.hint).toContain(hint);
    expect(error.hint).not.toContain('MONITORS_API_URL');
  });
});

describe('the client carries the origin to its errors', () => {
  let setup: MockSetup;
  afterEach(async () => {
    await setup.api.close();
    await setup.agent.close();
  });

  it('a 401 and an answer that is not the API name the variable and the setting', async () => {
    setup = mockClient({ origin: originOf(ENV, STAGING) });
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(401, apiError('unauthorized', 'no'), json);
    const refused = await caught(() => setup.api.getAccount());
    expect(refused.message).toContain('the token in ACME_STAGING_TOKEN (401)');
    setup.pool.intercept({ path: `${BASE_PATH}/account`, method: 'GET' }).reply(200, { hello: 'world' }, json);
    const odd = await caught(() => setup.api.getAccount());
    expect(odd.code).toBe('API_BAD_RESPONSE');
    expect(odd.hint).toMatch(/^Check that settings\.environments\.staging\.api_url \(settings\.yaml:10:16\) points at/);
  });
});

function thrown(fn: () => unknown): Error & { code?: string; hint?: string } {
  try {
    fn();
  } catch (error) {
    return error as Error & { code?: string; hint?: string };
  }
  throw new Error('expected an error');
}
