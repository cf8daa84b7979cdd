// HTTPS checks against a loopback server whose certificate comes from a CA made at test
// time: trusted only through --ca, with SNI and the name check on the monitor's host.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, contextOf, monitorOf, toLoopback } from './check-helpers.js';
import { sleep, startHttp, type HttpServer } from './servers/loopback.js';
import { createTestCa, type TestCa } from './servers/test-ca.js';

let ca: TestCa;
let server: HttpServer;
let expired: HttpServer;
const context = (trust = true) =>
  contextOf({ resolve: toLoopback('shop.example.com', 'wrong.example.com'), extraCa: trust ? [ca.cert] : [] });
const url = (path: string, port = server.port, host = 'shop.example.com') => `https://${host}:${port}${path}`;

beforeAll(async () => {
  ca = createTestCa();
  server = await startHttp(
    async (req, res) => {
      if (req.url === '/slow') await sleep(150);
      if (req.url === '/gzip')
        return void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' })
          .end(gzipSync('<p>Add to cart</p>'));
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Welcome</p>');
    },
    ca.issue(['shop.example.com'], 60),
  );
  expired = await startHttp((_req, res) => void res.end('old'), ca.issue(['shop.example.com'], -2));
});
afterAll(async () => {
  await Promise.all([server.close(), expired.close()]);
});

describe('https check', () => {
  it('is up with a chain trusted through --ca', async () => {
    const result = await check(monitorOf('http', { url: url('/') }), context());
    expect(result.status).toBe('up');
  });

  it('is degraded when the answer comes later than slow_threshold_ms', async () => {
    const result = await check(monitorOf('http', { url: url('/slow'), slow_threshold_ms: 100 }), context());
    expect(result.status).toBe('degraded');
  });

  it('is down without the CA, with an expired certificate, and for a host the certificate does not name', async () => {
    expect(await check(monitorOf('http', { url: url('/') }), context(false))).toMatchObject({
      status: 'down',
      reason: expect.stringMatching(/^TLS: unable to verify/),
    });
    expect(await check(monitorOf('http', { url: url('/', expired.port) }), context())).toMatchObject({
      status: 'down',
      reason: 'TLS: the certificate has expired',
    });
    expect(
      await check(monitorOf('http', { url: url('/', server.port, 'wrong.example.com') }), context()),
    ).toMatchObject({
      status: 'down',
      reason: 'TLS: the certificate does not name this host',
    });
  });

  it('reads a compressed body for a keyword check', async () => {
    const monitor = monitorOf('keyword', {
      url: url('/gzip'),
      headers: 'Accept-Encoding: gzip',
      keyword: 'add to cart',
      keyword_case_sensitive: false,
    });
    const result = await check(monitor, context());
    expect(result.status).toBe('up');
    expect(result.reason).toMatch(/^status 200, keyword "add to cart" \(any case\) found in \d+ ms$/);
  });
});
