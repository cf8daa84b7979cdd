// ssl checks against TLS servers on 127.0.0.1 with certificates from a CA made at test time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, contextOf, monitorOf, toLoopback } from './check-helpers.js';
import { closedPort, startHttp, startTls, type Running } from './servers/loopback.js';
import { createTestCa, type TestCa } from './servers/test-ca.js';

let ca: TestCa;
let fresh: Running;
let expiring: Running;
let expired: Running;
let slow: Running;
let plain: Running;
const context = (trust = true) =>
  contextOf({ resolve: toLoopback('shop.example.com', 'other.example.com'), extraCa: trust ? [ca.cert] : [] });
const ssl = (port: number, overrides: Record<string, unknown> = {}) =>
  monitorOf('ssl', { url: 'shop.example.com', port, minimum_tls_days: 14, ...overrides });

beforeAll(async () => {
  ca = createTestCa();
  [fresh, expiring, expired, slow, plain] = await Promise.all([
    startTls(ca.issue(['shop.example.com'], 90)),
    startTls(ca.issue(['shop.example.com'], 10)),
    startTls(ca.issue(['shop.example.com'], -1)),
    startTls(ca.issue(['shop.example.com'], 90), 150),
    startHttp((_req, res) => void res.end('plain')),
  ]);
});
afterAll(async () => {
  await Promise.all([fresh, expiring, expired, slow, plain].map((s) => s.close()));
});

describe('ssl check', () => {
  it('is up with a valid chain and at least minimum_tls_days left', async () => {
    const result = await check(ssl(fresh.port), context());
    expect(result.status).toBe('up');
    expect(result.reason).toMatch(/^valid chain, certificate expires in (89|90) days \(\d{4}-\d\d-\d\d\) in \d+ ms$/);
  });

  it('is degraded when the handshake takes longer than slow_threshold_ms', async () => {
    expect((await check(ssl(slow.port, { slow_threshold_ms: 100 }), context())).status).toBe('degraded');
  });

  it('is down with fewer days left than minimum_tls_days', async () => {
    expect(await check(ssl(expiring.port), context())).toMatchObject({
      status: 'down',
      reason: expect.stringMatching(/^certificate expires in (9|10) days \(.*\), fewer than minimum_tls_days 14$/),
    });
    // Without a minimum, a valid chain is enough.
    expect((await check(ssl(expiring.port, { minimum_tls_days: null }), context())).status).toBe('up');
  });

  it('is down with an expired certificate, an untrusted issuer, or another host name', async () => {
    expect(await check(ssl(expired.port), context())).toMatchObject({
      status: 'down',
      reason: 'TLS: the certificate has expired',
    });
    expect(await check(ssl(fresh.port), context(false))).toMatchObject({
      status: 'down',
      reason: expect.stringMatching(/^TLS: unable to verify/),
    });
    expect(await check(ssl(fresh.port, { url: 'other.example.com' }), context())).toMatchObject({
      status: 'down',
      reason: 'TLS: the certificate does not name this host',
    });
  });

  it('is down when the port does not speak TLS or is closed', async () => {
    expect(await check(ssl(plain.port), context())).toMatchObject({
      status: 'down',
      reason: expect.stringMatching(/^TLS handshake failed/),
    });
    expect(await check(ssl(await closedPort()), context())).toMatchObject({
      status: 'down',
      reason: 'connection refused',
    });
  });

  it('takes the port from an https URL when the port field is unset', async () => {
    const result = await check(
      monitorOf('ssl', { url: `https://shop.example.com:${fresh.port}/`, port: null }),
      context(),
    );
    expect(result).toMatchObject({ status: 'up', target: `shop.example.com:${fresh.port}` });
  });
});
