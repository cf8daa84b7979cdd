// http checks against a real HTTP server on 127.0.0.1, reached by a public name through
// --resolve: up, degraded (the server answers after a delay beyond slow_threshold_ms), down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, contextOf, monitorOf, toLoopback } from './check-helpers.js';
import { closedPort, sleep, startHttp, type HttpServer } from './servers/loopback.js';

let server: HttpServer;
const context = () => contextOf({ resolve: toLoopback('shop.example.com', 'other.example.net') });
const url = (path: string, host = 'shop.example.com') => `http://${host}:${server.port}${path}`;

beforeAll(async () => {
  server = await startHttp(async (req, res) => {
    const path = req.url ?? '/';
    if (path === '/slow') await sleep(150);
    if (path === '/broken') return void res.writeHead(503).end('down');
    if (path.startsWith('/redirect/')) {
      const n = Number(path.split('/')[2]);
      return void res.writeHead(302, { location: n > 1 ? `/redirect/${n - 1}` : '/' }).end();
    }
    if (path === '/elsewhere')
      return void res.writeHead(301, { location: `http://other.example.net:${server.port}/` }).end();
    if (path === '/see-other') return void res.writeHead(303, { location: '/' }).end();
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
afterAll(() => server.close());

describe('http check', () => {
  it('is up when the status is in the expected range, with the timing', async () => {
    const result = await check(monitorOf('http', { url: url('/') }), context());
    expect(result).toMatchObject({ status: 'up', type: 'http', target: url('/'), attempts: 1 });
    expect(result.reason).toMatch(/^status 200 in \d+ ms$/);
    expect(result.duration_ms).toBeGreaterThanOrEqual(0);
    // --resolve changes where the connection goes, never the Host header.
    expect(server.requests.at(-1)!.headers.host).toBe(`shop.example.com:${server.port}`);
  });

  it('is degraded when the answer comes later than slow_threshold_ms', async () => {
    const result = await check(monitorOf('http', { url: url('/slow'), slow_threshold_ms: 100 }), context());
    expect(result.status).toBe('degraded');
    expect(result.reason).toMatch(/^status 200 in \d+ ms, slower than slow_threshold_ms 100$/);
    expect(result.duration_ms).toBeGreaterThanOrEqual(150);
  });

  it('is down on a status outside the range, after retry_count more attempts', async () => {
    const before = server.requests.length;
    const result = await check(monitorOf('http', { url: url('/broken'), retry_count: 2 }), context());
    expect(result).toMatchObject({ status: 'down', reason: 'status 503, expected 200-299 (3 attempts)', attempts: 3 });
    expect(server.requests.length - before).toBe(3);
  });

  it('is down when nothing listens', async () => {
    const port = await closedPort();
    const result = await check(monitorOf('http', { url: `http://shop.example.com:${port}/` }), context());
    expect(result).toMatchObject({ status: 'down', reason: 'connection refused' });
  });

  it('sends the method, header lines, body and basic credentials of the monitor', async () => {
    const monitor = monitorOf('http', {
      url: url('/'),
      method: 'POST',
      headers: 'X-Check: one\nAccept-Language: en',
      body: '{"probe":true}',
      auth_type: 'basic',
      auth_username: 'robot',
      auth_secret: 's3cret-value',
    });
    const result = await check(monitor, context());
    expect(result.status).toBe('up');
    const seen = server.requests.at(-1)!;
    expect(seen).toMatchObject({ method: 'POST', body: '{"probe":true}' });
    expect(seen.headers).toMatchObject({
      'x-check': 'one',
      'accept-language': 'en',
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from('robot:s3cret-value').toString('base64')}`,
    });
    expect(JSON.stringify(result)).not.toContain('s3cret-value');
  });

  it('sends a bearer token', async () => {
    await check(monitorOf('http', { url: url('/'), auth_type: 'bearer', auth_secret: 'tok-123' }), context());
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer tok-123');
  });

  it('judges a redirect itself when follow_redirects is off', async () => {
    const result = await check(monitorOf('http', { url: url('/redirect/1'), follow_redirects: false }), context());
    expect(result).toMatchObject({ status: 'down', reason: 'status 302, expected 200-299 (follow_redirects is off)' });
    const accepted = await check(
      monitorOf('http', { url: url('/redirect/1'), expected_status_min: 300, expected_status_max: 399 }),
      context(),
    );
    expect(accepted.status).toBe('up');
  });

  it('follows up to max_redirects redirects, and is down beyond', async () => {
    const followed = await check(
      monitorOf('http', { url: url('/redirect/2'), follow_redirects: true, max_redirects: 2 }),
      context(),
    );
    expect(followed.status).toBe('up');
    expect(followed.reason).toMatch(/^status 200 after 2 redirects in \d+ ms$/);
    const tooMany = await check(
      monitorOf('http', { url: url('/redirect/3'), follow_redirects: true, max_redirects: 2 }),
      context(),
    );
    expect(tooMany).toMatchObject({ status: 'down', reason: 'more than max_redirects 2 redirects (status 302)' });
  });

  it('does not send credentials to another origin, and turns a 303 into GET', async () => {
    await check(
      monitorOf('http', {
        url: url('/elsewhere'),
        follow_redirects: true,
        auth_type: 'bearer',
        auth_secret: 'tok-123',
      }),
      context(),
    );
    const [first, second] = server.requests.slice(-2);
    expect(first!.headers.authorization).toBe('Bearer tok-123');
    expect(second!.headers.host).toBe(`other.example.net:${server.port}`);
    expect(second!.headers.authorization).toBeUndefined();

    await check(
      monitorOf('http', { url: url('/see-other'), method: 'PUT', body: 'x', follow_redirects: true }),
      context(),
    );
    expect(server.requests.slice(-2).map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'PUT /see-other x',
      'GET / ',
    ]);
  });

  it('is down when an attempt takes longer than timeout_seconds', async () => {
    const hanging = await startHttp(() => undefined); // never answers
    try {
      const result = await check(
        monitorOf('http', { url: `http://shop.example.com:${hanging.port}/`, timeout_seconds: 2 }),
        context(),
      );
      expect(result).toMatchObject({ status: 'down', reason: 'timed out after 2 s (timeout_seconds)' });
    } finally {
      await hanging.close();
    }
  });
});

describe('http check whose body stalls', () => {
  it('is down with the timeout as the reason, not the reset the abort causes', async () => {
    const stalling = await startHttp((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial'); // ... and never ends
    });
    try {
      const result = await check(
        monitorOf('keyword', { url: `http://shop.example.com:${stalling.port}/`, keyword: 'x', timeout_seconds: 2 }),
        context(),
      );
      expect(result).toMatchObject({ status: 'down', reason: 'timed out after 2 s (timeout_seconds)' });
    } finally {
      await stalling.close();
    }
  });
});
