import { describe, expect, it } from 'vitest';
import { apiConfigFromEnv, checkBaseUrl, checkToken } from '../../src/api/config.js';

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

describe('apiConfigFromEnv', () => {
  it('needs MONITORS_API_TOKEN and says where to create one', () => {
    let error: { code?: string; hint?: string } = {};
    try {
      apiConfigFromEnv({ MONITORS_API_URL: 'https://api.example.com/api/v1' });
    } catch (e) {
      error = e as typeof error;
    }
    expect(error.code).toBe('CONFIG_NO_TOKEN');
    expect(error.hint).toMatch(/dashboard.*settings, API/);
    expect(error.hint).toMatch(/export MONITORS_API_TOKEN/);
  });

  it('needs a URL from the environment or the settings', () => {
    expect(codeOf(() => apiConfigFromEnv({ MONITORS_API_TOKEN: 't' }))).toBe('CONFIG_NO_API_URL');
  });

  it('lets MONITORS_API_URL win over settings.api_url', () => {
    const config = apiConfigFromEnv(
      { MONITORS_API_TOKEN: 't', MONITORS_API_URL: 'https://env.example.com/api/v1' },
      { apiUrl: 'https://yaml.example.com/api/v1' },
    );
    expect(config.baseUrl).toBe('https://env.example.com/api/v1');
    const fromSettings = apiConfigFromEnv({ MONITORS_API_TOKEN: 't' }, { apiUrl: 'https://yaml.example.com/api/v1/' });
    expect(fromSettings.baseUrl).toBe('https://yaml.example.com/api/v1');
  });

  it('has bounded defaults and a debug log only when asked', () => {
    const config = apiConfigFromEnv({ MONITORS_API_TOKEN: 't', MONITORS_API_URL: 'https://a.example.com/api/v1' });
    expect(config.concurrency).toBe(8);
    expect(config.maxAttempts).toBe(6);
    expect(config.timeouts).toEqual({ connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 });
    expect(config.debugLog).toBeUndefined();
    expect(config.userAgent).toMatch(/^monitors\/\d+\.\d+\.\d+/);
    expect(
      apiConfigFromEnv({
        MONITORS_API_TOKEN: 't',
        MONITORS_API_URL: 'https://a.example.com/api/v1',
        MONITORS_DEBUG: '1',
      }).debugLog,
    ).toBeTypeOf('function');
    expect(
      apiConfigFromEnv({ MONITORS_API_TOKEN: 't', MONITORS_API_URL: 'https://a.example.com/api/v1' }, { debug: true })
        .debugLog,
    ).toBeTypeOf('function');
  });

  it('refuses numbers out of range', () => {
    expect(
      codeOf(() =>
        apiConfigFromEnv({
          MONITORS_API_TOKEN: 't',
          MONITORS_API_URL: 'https://a.example.com/api/v1',
          MONITORS_CONCURRENCY: '0',
        }),
      ),
    ).toBe('CONFIG_BAD_VALUE');
  });
});

describe('checkToken', () => {
  it.each(['tok_live_5f3c9a1e7b', 'eyJhbGciOi.eyJzdWIi.c2ln-_~+/==', 'a!#$%&*'])('accepts %s', (token) => {
    expect(codeOf(() => checkToken(token))).toBeUndefined();
  });

  it.each([
    ['tok_5f3c\nSENTINEL', /a space or line break \(character 9\)/],
    ['tok 5f3c', /a space or line break \(character 4\)/],
    ['tök_5f3c', /not printable ASCII \(character 2\)/],
    ['tok_5f3c€', /not printable ASCII \(character 9\)/],
    ['tok_\u0000x', /not printable ASCII \(character 5\)/],
    ['Bearer tok_5f3c', /starts with "Bearer "/],
  ])('refuses %j before any request, without echoing it', (token, message) => {
    let error: { code?: string; message?: string; hint?: string } = {};
    try {
      apiConfigFromEnv({ MONITORS_API_TOKEN: token, MONITORS_API_URL: 'https://api.example.com/api/v1' });
    } catch (e) {
      error = e as typeof error;
    }
    expect(error.code).toBe('CONFIG_BAD_TOKEN');
    expect(error.message).toMatch(message);
    expect(`${error.message} ${error.hint}`).not.toContain('5f3c');
  });
});

describe('checkBaseUrl', () => {
  it.each([
    ['https://api.example.com/api/v1/', 'https://api.example.com/api/v1'],
    ['https://api.example.com/base/api/v1', 'https://api.example.com/base/api/v1'],
    ['http://127.0.0.1:8080/api/v1', 'http://127.0.0.1:8080/api/v1'],
    ['http://127.3.4.5/api/v1', 'http://127.3.4.5/api/v1'],
    ['http://localhost:3000/api/v1//', 'http://localhost:3000/api/v1'],
    ['http://[::1]:3000/api/v1', 'http://[::1]:3000/api/v1'],
  ])('accepts %s', (raw, expected) => {
    expect(checkBaseUrl(raw)).toBe(expected);
  });

  it.each([
    ['http://api.example.com/api/v1', 'CONFIG_INSECURE_URL'],
    ['http://127.0.0.1.example.com/api/v1', 'CONFIG_INSECURE_URL'],
    ['http://localhost.evil.com/api/v1', 'CONFIG_INSECURE_URL'],
    ['http://10.0.0.1/api/v1', 'CONFIG_INSECURE_URL'],
    ['ftp://api.example.com/api/v1', 'CONFIG_INSECURE_URL'],
    ['not a url', 'CONFIG_BAD_URL'],
    ['api.example.com/api/v1', 'CONFIG_BAD_URL'],
    ['https://user:pw@api.example.com/api/v1', 'CONFIG_BAD_URL'],
    ['https://api.example.com', 'CONFIG_BAD_URL'],
    ['https://api.example.com/api', 'CONFIG_BAD_URL'],
    ['https://api.example.com/api/v1/monitors', 'CONFIG_BAD_URL'],
    ['https://api.example.com/api/v2', 'CONFIG_BAD_URL'],
    ['http://127.0.0.1:8080/', 'CONFIG_BAD_URL'],
  ])('refuses %s', (raw, code) => {
    expect(codeOf(() => checkBaseUrl(raw))).toBe(code);
  });

  it('says what a URL without /api/v1 lacks', () => {
    let error: { message?: string; hint?: string } = {};
    try {
      checkBaseUrl('https://monitoring.example.com/');
    } catch (e) {
      error = e as typeof error;
    }
    expect(error.message).toBe(
      'the API URL https://monitoring.example.com does not end in /api/v1, the base address of the monitoring API (version 1)',
    );
    expect(error.hint).toMatch(/e\.g\. https:\/\/monitoring\.example\.com\/api\/v1/);
  });
});
