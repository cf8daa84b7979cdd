// keyword and json checks against a loopback HTTP server: up, degraded, down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, contextOf, monitorOf, toLoopback } from './check-helpers.js';
import { sleep, startHttp, type HttpServer } from './servers/loopback.js';

let server: HttpServer;
const context = () => contextOf({ resolve: toLoopback('shop.example.com', 'api.shop.example.com') });
const url = (path: string, host = 'shop.example.com') => `http://${host}:${server.port}${path}`;
const HEALTH = { status: 'ok', checks: [{ name: 'db', latency_ms: 12 }], 'a/b': { '~c': true } };

beforeAll(async () => {
  server = await startHttp(async (req, res) => {
    if (req.url?.startsWith('/slow')) await sleep(150);
    if (req.url?.endsWith('/health'))
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(HEALTH));
    if (req.url?.endsWith('/not-json')) return void res.writeHead(200).end('<html>oops</html>');
    if (req.url === '/error') return void res.writeHead(500).end('Add to cart');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<button>Add to cart</button> — ünïcode');
  });
});
afterAll(() => server.close());

describe('keyword check', () => {
  it('is up when the keyword is present (case-sensitive by default)', async () => {
    const result = await check(monitorOf('keyword', { url: url('/product'), keyword: 'Add to cart' }), context());
    expect(result).toMatchObject({
      status: 'up',
      reason: expect.stringMatching(/^status 200, keyword "Add to cart" found in \d+ ms$/),
    });
  });

  it('is down when a case-sensitive keyword differs in case, up when case does not matter', async () => {
    expect(
      (await check(monitorOf('keyword', { url: url('/product'), keyword: 'add to cart' }), context())).status,
    ).toBe('down');
    expect(
      (
        await check(
          monitorOf('keyword', { url: url('/product'), keyword: 'ADD TO CART', keyword_case_sensitive: false }),
          context(),
        )
      ).status,
    ).toBe('up');
    expect(
      (
        await check(
          monitorOf('keyword', { url: url('/product'), keyword: 'ÜNÏCODE', keyword_case_sensitive: false }),
          context(),
        )
      ).status,
    ).toBe('up');
  });

  it('with keyword_mode absent, is down when the keyword is there', async () => {
    const result = await check(
      monitorOf('keyword', { url: url('/product'), keyword: 'Add to cart', keyword_mode: 'absent' }),
      context(),
    );
    expect(result).toMatchObject({
      status: 'down',
      reason: 'status 200, keyword "Add to cart" found in the body, expected absent',
    });
    expect(
      (
        await check(
          monitorOf('keyword', { url: url('/product'), keyword: 'maintenance', keyword_mode: 'absent' }),
          context(),
        )
      ).status,
    ).toBe('up');
  });

  it('is degraded when the page comes later than slow_threshold_ms', async () => {
    expect(
      (
        await check(
          monitorOf('keyword', { url: url('/slow'), keyword: 'Add to cart', slow_threshold_ms: 100 }),
          context(),
        )
      ).status,
    ).toBe('degraded');
  });

  it('is down on a bad status even when the keyword is there', async () => {
    expect(await check(monitorOf('keyword', { url: url('/error'), keyword: 'Add to cart' }), context())).toMatchObject({
      status: 'down',
      reason: 'status 500, expected 200-299',
    });
  });

  it('prints a keyword that came from the environment as its template', async () => {
    const monitor = monitorOf(
      'keyword',
      { url: url('/product'), keyword: 'hidden-word' },
      { keyword: '${env:SECRET_WORD}' },
    );
    const result = await check(monitor, context());
    expect(result.reason).toContain('keyword "${env:SECRET_WORD}" not found');
    expect(result.reason).not.toContain('hidden-word');
  });
});

describe('json check', () => {
  const json = (overrides: Record<string, unknown>) =>
    monitorOf('json', { url: url('/v1/health', 'api.shop.example.com'), ...overrides });

  it('is up when the value equals json_expected', async () => {
    expect(
      await check(json({ json_pointer: '/status', json_operator: 'equals', json_expected: 'ok' }), context()),
    ).toMatchObject({
      status: 'up',
      reason: expect.stringMatching(/^status 200, "\/status" equals "ok" in \d+ ms$/),
    });
    expect(
      (
        await check(
          json({ json_pointer: '/checks/0/latency_ms', json_operator: 'equals', json_expected: '12' }),
          context(),
        )
      ).status,
    ).toBe('up');
    expect(
      (await check(json({ json_pointer: '/a~1b/~0c', json_operator: 'equals', json_expected: 'true' }), context()))
        .status,
    ).toBe('up');
  });

  it('is down when the value differs, is missing, or the body is not JSON', async () => {
    expect(
      await check(json({ json_pointer: '/status', json_operator: 'equals', json_expected: 'degraded' }), context()),
    ).toMatchObject({
      status: 'down',
      reason: 'status 200, "/status" is "ok", expected "degraded"',
    });
    expect(
      await check(json({ json_pointer: '/nope', json_operator: 'not_equals', json_expected: 'x' }), context()),
    ).toMatchObject({ status: 'down', reason: 'status 200, nothing at "/nope"' });
    expect(
      await check(json({ url: url('/not-json'), json_pointer: '/status', json_operator: 'exists' }), context()),
    ).toMatchObject({ status: 'down', reason: 'status 200, the body is not JSON' });
  });

  it('knows exists, not_exists and not_equals', async () => {
    expect((await check(json({ json_pointer: '/checks/0', json_operator: 'exists' }), context())).status).toBe('up');
    expect((await check(json({ json_pointer: '/checks/1', json_operator: 'exists' }), context())).status).toBe('down');
    expect((await check(json({ json_pointer: '/error', json_operator: 'not_exists' }), context())).status).toBe('up');
    expect((await check(json({ json_pointer: '/status', json_operator: 'not_exists' }), context())).status).toBe(
      'down',
    );
    expect(
      (await check(json({ json_pointer: '/status', json_operator: 'not_equals', json_expected: 'error' }), context()))
        .status,
    ).toBe('up');
    expect(
      (await check(json({ json_pointer: '/status', json_operator: 'not_equals', json_expected: 'ok' }), context()))
        .status,
    ).toBe('down');
  });

  it('is degraded when the answer comes later than slow_threshold_ms', async () => {
    expect(
      (
        await check(
          json({ url: url('/slow/health'), json_pointer: '/status', json_operator: 'exists', slow_threshold_ms: 100 }),
          context(),
        )
      ).status,
    ).toBe('degraded');
  });
});
