import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, ValidationError, isApiError } from '../../src/api/errors.js';
import { withoutField } from '../../src/api/status-errors.js';
import { MonitorsError } from '../../src/errors.js';
import { BASE_PATH, MONITOR_ID, apiError, caught, json, liveMonitor, mockClient, type MockSetup } from './mock-api.js';

let setup: MockSetup;
afterEach(async () => {
  await setup.api.close();
  await setup.agent.close();
});

const KEY = 'plan-1234:create:checkout';
const input = { name: 'checkout' };
const oneSentence = (text: string) => expect(text.split(/(?<=\.) /)).toHaveLength(1);

function answerOnce(method: string, path: string, status: number, body: unknown, times = 1) {
  setup.pool
    .intercept({ path: `${BASE_PATH}${path}`, method })
    .reply(status, body as object, json)
    .times(times);
}

describe('typed errors', () => {
  it('401: token missing, expired or revoked, and where to make a new one', async () => {
    setup = mockClient();
    answerOnce('GET', '/account', 401, apiError('token_expired', 'The token has expired'));
    const error = await caught(() => setup.api.getAccount());
    expect(error).toBeInstanceOf(MonitorsError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'API_UNAUTHORIZED',
      status: 401,
      method: 'GET',
      path: '/account',
      serverCode: 'token_expired',
    });
    expect(error.message).toBe(
      'the API rejected the token in MONITORS_API_TOKEN (401); the server says: The token has expired',
    );
    expect(error.hint).toMatch(/dashboard \(settings, API\).*MONITORS_API_TOKEN/);
    oneSentence(error.message);
    expect(setup.sleeps).toEqual([]); // not retried
  });

  it.each([
    ['GET', '/account', 'account:read', () => setup.api.getAccount()],
    ['GET', `/monitors?per_page=100`, 'monitors:read', () => setup.api.listMonitors()],
    ['POST', '/monitors', 'monitors:write', () => setup.api.createMonitor(input, KEY)],
    ['DELETE', `/monitors/${MONITOR_ID}`, 'monitors:write', () => setup.api.deleteMonitor(MONITOR_ID, KEY)],
    ['GET', '/incidents?per_page=100', 'incidents:read', () => setup.api.listIncidents()],
  ])('403 on %s %s names the %s scope', async (method, path, scope, call) => {
    setup = mockClient();
    answerOnce(method, path, 403, apiError('forbidden', 'Missing scope'));
    const error = await caught(call);
    expect(error.code).toBe('API_FORBIDDEN');
    expect(error.message).toContain(scope);
    expect(error.hint).toContain(scope);
  });

  it.each([
    ['GET', '/monitors?per_page=100', () => setup.api.listMonitors()],
    ['GET', '/account', () => setup.api.getAccount()],
  ])('404 on %s %s says the API URL is wrong, not that something is missing', async (method, path, call) => {
    setup = mockClient();
    answerOnce(method, path, 404, { detail: 'Not Found' });
    const error = await caught(call);
    expect(error).toMatchObject({ code: 'API_NOT_FOUND', status: 404 });
    expect(error.message).toContain('MONITORS_API_URL does not point at the monitoring API');
    expect(error.hint).toContain('/api/v1');
  });

  it('404 says the monitor does not exist in this workspace, without retrying', async () => {
    setup = mockClient();
    answerOnce('GET', `/monitors/${MONITOR_ID}`, 404, {});
    const error = await caught(() => setup.api.getMonitor(MONITOR_ID));
    expect(error).toMatchObject({ code: 'API_NOT_FOUND', status: 404, path: `/monitors/${MONITOR_ID}` });
    expect(error.message).toMatch(/workspace/);
    expect(isApiError(error, 'API_NOT_FOUND')).toBe(true);
    expect(isApiError(error, 'API_FORBIDDEN')).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(setup.sleeps).toEqual([]);
  });

  it.each([
    [
      'OAuth style',
      { error: 'invalid_token', error_description: 'The access token expired' },
      'invalid_token',
      '; the server says: The access token expired',
    ],
    [
      'a bare message string',
      { error: 'Token revoked by an administrator' },
      undefined,
      '; the server says: Token revoked by an administrator',
    ],
    ['plain text', 'Unauthorized: token expired', undefined, '; the server says: Unauthorized: token expired'],
    ['no body', '', undefined, ': it is missing, expired or revoked'],
  ])(
    "401 with a body in %s says once why: the server's reason, else the usual causes",
    async (_shape, body, serverCode, why) => {
      setup = mockClient();
      setup.pool.intercept({ path: `${BASE_PATH}/account`, method: 'GET' }).reply(401, body as object, {
        headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
      });
      const error = await caught(() => setup.api.getAccount());
      expect(error).toMatchObject({ code: 'API_UNAUTHORIZED', serverCode });
      expect(error.message).toBe(`the API rejected the token in MONITORS_API_TOKEN (401)${why}`);
    },
  );

  it('a plain-text 409 saying the key was used for another payload is not retried', async () => {
    setup = mockClient();
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' })
      .reply(409, 'Idempotency key already used with a different request body', {
        headers: { 'content-type': 'text/plain' },
      });
    const error = await caught(() => setup.api.createMonitor(input, KEY));
    expect(error.code).toBe('API_KEY_REUSED');
    expect(error.message).toContain(': Idempotency key already used with a different request body');
    expect(setup.sleeps).toEqual([]);
  });

  it('a redirected DELETE is a failure naming where it pointed, not a silent success', async () => {
    setup = mockClient();
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors/${MONITOR_ID}`, method: 'DELETE' })
      .reply(301, '', { headers: { location: `https://new.example.test/api/v1/monitors/${MONITOR_ID}` } });
    const error = await caught(() => setup.api.deleteMonitor(MONITOR_ID, KEY));
    expect(error).toMatchObject({ code: 'API_REDIRECTED', status: 301 });
    expect(error.message).toBe(
      `the API answered DELETE /monitors/${MONITOR_ID} with a redirect (301) to https://new.example.test/api/v1/monitors/${MONITOR_ID}, which is not followed, so nothing was done`,
    );
    expect(error.hint).toMatch(/MONITORS_API_URL/);
    expect(setup.sleeps).toEqual([]);
  });

  it('a redirected listing names the target, a relative Location resolved against the request', async () => {
    setup = mockClient();
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors?per_page=100`, method: 'GET' })
      .reply(307, '', { headers: { location: '/v2/monitors' } });
    const error = await caught(() => setup.api.listMonitors());
    expect(error.code).toBe('API_REDIRECTED');
    expect(error.message).toContain('(307) to https://api.example.test/v2/monitors,');
  });

  it('a token in a Location is redacted before the URL is resolved (serializing could re-encode it)', async () => {
    const token = 'tok"<|>^{x}';
    setup = mockClient({ token });
    setup.pool
      .intercept({ path: `${BASE_PATH}/account`, method: 'GET' })
      .reply(302, '', { headers: { location: `/login?t=${token}` } });
    const error = await caught(() => setup.api.getAccount());
    expect(error.message).toContain('to https://api.example.test/login?t=[redacted],');
    expect(error.message).not.toMatch(/tok/);
  });

  it('400 is a bad request, not retried', async () => {
    setup = mockClient();
    answerOnce('POST', '/monitors', 400, apiError('invalid_idempotency_key', 'Idempotency-Key is invalid'));
    const error = await caught(() => setup.api.createMonitor(input, KEY));
    expect(error).toMatchObject({ code: 'API_BAD_REQUEST', serverCode: 'invalid_idempotency_key' });
    expect(setup.sleeps).toEqual([]);
  });

  it('409 for another payload is not retried and says to plan again', async () => {
    setup = mockClient();
    answerOnce(
      'POST',
      '/monitors',
      409,
      apiError('idempotency_key_reused', 'This key was used with a different payload'),
    );
    const error = await caught(() => setup.api.createMonitor(input, KEY));
    expect(error.code).toBe('API_KEY_REUSED');
    expect(`${error.message} ${String(error.hint)}`).toMatch(/plan/);
    expect(setup.sleeps).toEqual([]);
  });

  it('409 "still running" is retried with the same key after a pause, then succeeds', async () => {
    setup = mockClient();
    const keys: string[] = [];
    setup.pool
      .intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' })
      .reply(
        409,
        (opts) => {
          keys.push((opts.headers as Record<string, string>)['idempotency-key']!);
          return apiError('idempotency_request_in_progress', 'The original request is still running');
        },
        json,
      )
      .times(2);
    setup.pool.intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' }).reply(
      201,
      (opts) => {
        keys.push((opts.headers as Record<string, string>)['idempotency-key']!);
        return { data: liveMonitor(1) };
      },
      json,
    );
    await setup.api.createMonitor(input, KEY);
    expect(keys).toEqual([KEY, KEY, KEY]);
    expect(setup.sleeps).toHaveLength(2);
    expect(setup.sleeps.every((ms) => ms > 0)).toBe(true);
  });

  it('an unknown 409 is retried a bounded number of times, then API_CONFLICT', async () => {
    setup = mockClient({ maxAttempts: 3 });
    answerOnce('PUT', `/monitors/${MONITOR_ID}`, 409, { error: { code: 'conflict', message: 'Conflict' } }, 3);
    const error = await caught(() => setup.api.replaceMonitor(MONITOR_ID, input, KEY));
    expect(error).toMatchObject({ code: 'API_CONFLICT', status: 409 });
    expect(setup.sleeps).toHaveLength(2);
  });

  describe('422 field errors in the shapes servers use', () => {
    it.each([
      [
        'error.details[] with field',
        {
          error: {
            code: 'validation_failed',
            message: 'Invalid',
            details: [{ field: 'port', message: 'must be at most 65535' }],
          },
        },
        [{ field: 'port', message: 'must be at most 65535' }],
      ],
      [
        'error.fields map of lists',
        {
          error: {
            code: 'validation_failed',
            message: 'Invalid',
            fields: { interval_seconds: ['is not enabled'], name: ['is too short'] },
          },
        },
        [
          { field: 'interval_seconds', message: 'is not enabled' },
          { field: 'name', message: 'is too short' },
        ],
      ],
      [
        'top-level errors[] with JSON pointers',
        { errors: [{ pointer: '/data/timeout_seconds', detail: 'must be 2 to 60' }] },
        [{ field: 'timeout_seconds', message: 'must be 2 to 60' }],
      ],
      [
        'errors map of strings',
        { message: 'Invalid', errors: { url: 'private destination' } },
        [{ field: 'url', message: 'private destination' }],
      ],
      [
        'pydantic-style loc arrays',
        { detail: [{ loc: ['body', 'locations', 2], msg: 'too long' }] },
        [{ field: 'locations', message: 'too long', path: ['locations', 2] }],
      ],
      [
        'JSON:API errors[] with source.pointer',
        {
          errors: [
            {
              status: '422',
              title: 'Invalid Attribute',
              detail: 'must be a public host',
              source: { pointer: '/data/attributes/url' },
            },
          ],
        },
        [{ field: 'url', message: 'must be a public host' }],
      ],
      [
        'RFC 9457 problem details with invalid-params',
        {
          type: 'about:blank',
          title: 'Validation failed',
          status: 422,
          'invalid-params': [{ name: 'port', reason: 'is required for tcp monitors' }],
        },
        [{ field: 'port', message: 'is required for tcp monitors' }],
      ],
      [
        'violations[] with propertyPath',
        { title: 'Invalid', violations: [{ propertyPath: 'body.keyword', message: 'is required' }] },
        [{ field: 'keyword', message: 'is required' }],
      ],
    ])('%s', async (_shape, body, expected) => {
      setup = mockClient();
      answerOnce('POST', '/monitors', 422, body);
      const error = await caught(() => setup.api.createMonitor(input, KEY));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.code).toBe('API_VALIDATION');
      expect((error as unknown as ValidationError).fieldErrors).toEqual(expected);
      for (const f of expected) expect(error.message).toContain(`${f.field}: ${f.message}`);
    });

    it.each([
      [
        'problem details: detail before title',
        { type: 'about:blank', title: 'Unprocessable Entity', detail: 'interval 240 is not enabled' },
        'application/problem+json',
        ': interval 240 is not enabled',
      ],
      [
        'a plain-text body: its first line',
        'interval 240 is not enabled\nsee the docs',
        'text/plain',
        ': interval 240 is not enabled',
      ],
      ['an HTML page: nothing of it', '<html><body><h1>422</h1></body></html>', 'text/html', ''],
      [
        'a message over several lines: one line',
        { error: { code: 'v', message: 'bad\n  input' } },
        'application/json',
        ': bad input',
      ],
    ])('no field detail, %s', async (_shape, body, type, said) => {
      setup = mockClient();
      setup.pool
        .intercept({ path: `${BASE_PATH}/monitors`, method: 'POST' })
        .reply(422, body as object, { headers: { 'content-type': type } });
      const error = await caught(() => setup.api.createMonitor(input, KEY));
      expect(error.code).toBe('API_VALIDATION');
      expect(error.message).toBe(`the API rejected the monitor (422)${said}`);
    });

    it.each([
      [
        'ApiError details',
        {
          error: {
            code: 'v',
            message: 'x',
            details: [{ field: 'interval_seconds', message: 'interval_seconds 240 is not an enabled interval' }],
          },
        },
      ],
      [
        'problem details invalid-params',
        {
          title: 'Invalid',
          'invalid-params': [{ name: 'interval_seconds', reason: 'interval_seconds: 240 is not an enabled interval' }],
        },
      ],
    ])('a message that repeats its field (%s) does not say it twice', async (_shape, body) => {
      setup = mockClient();
      answerOnce('POST', '/monitors', 422, body);
      const error = await caught(() => setup.api.createMonitor(input, KEY));
      expect((error as unknown as ValidationError).fieldErrors).toEqual([
        { field: 'interval_seconds', message: '240 is not an enabled interval' },
      ]);
      expect(error.message).toBe(
        'the API rejected the monitor (422): interval_seconds: 240 is not an enabled interval',
      );
    });

    it('a message that only starts like its field keeps it: "portal" for port, a bare field name', () => {
      setup = mockClient(); // closed after each test
      expect(withoutField('port', 'portal is not a port')).toBe('portal is not a port');
      expect(withoutField('port', 'port')).toBe('port');
      expect(withoutField('', 'is invalid')).toBe('is invalid');
      expect(withoutField('port', 'port: must be 1 to 65535')).toBe('must be 1 to 65535');
    });

    it('a body without field detail still gives a sentence', async () => {
      setup = mockClient();
      answerOnce('POST', '/monitors', 422, {
        error: { code: 'validation_failed', message: 'Request fields failed validation' },
      });
      const error = await caught(() => setup.api.createMonitor(input, KEY));
      expect(error.message).toMatch(/rejected the monitor \(422\): Request fields failed validation/);
      expect((error as unknown as ValidationError).fieldErrors).toEqual([]);
    });
  });
});
