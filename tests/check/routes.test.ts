// --resolve and --connect-to as curl reads them (wildcard hosts and ports, port mappings),
// what cannot be read refused with a message that says how to write it, and checks
// reaching loopback servers through them: an https monitor on port 443 checked against a
// TLS server on another port, its SNI, certificate name and Host header unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEndpoint, parseConnectTo, parseResolve, resolveEntryFor } from '../../src/check/routes.js';
import { MonitorsError } from '../../src/errors.js';
import { check, contextOf, monitorOf } from './check-helpers.js';
import { startHttp, startTcp, type HttpServer, type Running } from './servers/loopback.js';
import { createTestCa, type TestCa } from './servers/test-ca.js';

/** The message and hint a refused option prints. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof MonitorsError) return `${error.message} | ${error.hint ?? ''}`;
    throw error;
  }
  throw new Error('accepted');
}

describe('--resolve', () => {
  it("takes * as any host and any port, and curl's leading +", () => {
    expect(parseResolve('*:*:127.0.0.1')).toEqual({ host: '*', port: '*', addresses: ['127.0.0.1'] });
    expect(parseResolve('+*:443:127.0.0.1,::1')).toEqual({ host: '*', port: 443, addresses: ['127.0.0.1', '::1'] });
    expect(parseResolve('Bücher.Example:443:[::1]')).toEqual({
      host: 'xn--bcher-kva.example',
      port: 443,
      addresses: ['::1'],
    });
  });

  it("prefers the host's own entries to *, and an exact port to * (curl's order)", () => {
    const entries = [
      '*:*:127.0.0.4',
      '*:443:127.0.0.3',
      'shop.example.com:*:127.0.0.2',
      'shop.example.com:443:127.0.0.1',
    ].map(parseResolve);
    const at = (host: string, port: number) => resolveEntryFor(entries, host, port)?.addresses[0];
    expect([
      at('Shop.Example.com.', 443),
      at('shop.example.com', 80),
      at('api.example.com', 443),
      at('api.example.com', 80),
    ]).toEqual(['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4']);
    expect(resolveEntryFor(entries.slice(2), 'api.example.com', 443)).toBeUndefined();
  });

  it.each([
    ['shop.example.com:443', /expected HOST:PORT:ADDRESS/],
    ['https://shop.example.com:443:127.0.0.1', /HOST is a host name, not a URL/],
    ['shop/x:443:127.0.0.1', /"shop\/x" is not a host name \(or \* for any host\)/],
    ['shop example.com:443:127.0.0.1', /"shop example\.com" is not a host name/],
    ['shop.example.com:0:127.0.0.1', /"0" is not a port \(1-65535 or \*\)/],
    ['shop.example.com:443:localhost', /"localhost" is not an IP address/],
    [
      'shop.example.com:443:127.0.0.1:8443',
      /an ADDRESS has no port .* \| To connect to another port, use --connect-to shop\.example\.com:443:127\.0\.0\.1:8443\./,
    ],
  ])('refuses %s, saying how to write it', (value, message) => {
    expect(refusal(() => parseResolve(value))).toMatch(message);
  });
});

describe('--connect-to', () => {
  it('reads HOST:PORT:CONNECT-HOST:CONNECT-PORT with empty or * parts, as curl does', () => {
    expect(parseConnectTo('shop.example.com:443:127.0.0.1:8443')).toEqual({
      host: 'shop.example.com',
      port: 443,
      toHost: '127.0.0.1',
      toPort: 8443,
      text: 'shop.example.com:443:127.0.0.1:8443',
    });
    expect(parseConnectTo('::127.0.0.1:8443')).toEqual({ toHost: '127.0.0.1', toPort: 8443, text: '::127.0.0.1:8443' });
    expect(parseConnectTo('*:*:[::1]:')).toEqual({ toHost: '::1', text: '*:*:[::1]:' });
    expect(parseConnectTo(':443::8443')).toEqual({ port: 443, toPort: 8443, text: ':443::8443' });
  });

  it("sends a connection by the first rule that matches; empty parts keep the URL's", () => {
    const rules = ['shop.example.com:443:127.0.0.1:8443', ':443::9443', '::backend.internal:'].map(parseConnectTo);
    expect(connectEndpoint(rules, 'Shop.Example.com', 443)).toEqual({ host: '127.0.0.1', port: 8443 });
    expect(connectEndpoint(rules, 'api.example.com', 443)).toEqual({ host: 'api.example.com', port: 9443 });
    expect(connectEndpoint(rules, 'api.example.com', 80)).toEqual({ host: 'backend.internal', port: 80 });
    expect(connectEndpoint([], 'api.example.com', 80)).toEqual({ host: 'api.example.com', port: 80 });
  });

  it.each([
    [
      'shop.example.com:443:127.0.0.1',
      /expected HOST:PORT:CONNECT-HOST:CONNECT-PORT \(four parts, some may be empty\)/,
    ],
    ['shop.example.com:443::', /names neither a host nor a port to connect to/],
    ['shop.example.com:https:127.0.0.1:8443', /"https" is not a port \(1-65535, or empty for any\)/],
    ['shop.example.com:443:127.0.0.1:70000', /"70000" is not a port to connect to/],
    ['shop.example.com:443:*:8443', /"\*" is not a host name or IP address to connect to/],
  ])('refuses %s, saying how to write it', (value, message) => {
    expect(refusal(() => parseConnectTo(value))).toMatch(message);
    expect(refusal(() => parseConnectTo(value))).toContain('| Write HOST:PORT:CONNECT-HOST:CONNECT-PORT');
  });
});

describe('checks through --connect-to and a wildcard --resolve (loopback servers)', () => {
  let ca: TestCa;
  let tls: HttpServer;
  let plain: HttpServer;
  let tcp: Running;
  beforeAll(async () => {
    ca = createTestCa();
    [tls, plain, tcp] = await Promise.all([
      startHttp((_req, res) => void res.writeHead(200).end('<p>Welcome</p>'), ca.issue(['shop.example.com'], 60)),
      startHttp((_req, res) => void res.writeHead(200).end('ok')),
      startTcp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([tls.close(), plain.close(), tcp.close()]);
  });

  it('checks https://shop.example.com/ (port 443) on a TLS server on another port, SNI and Host unchanged', async () => {
    const context = contextOf({
      connectTo: [parseConnectTo(`shop.example.com:443:127.0.0.1:${tls.port}`)],
      extraCa: [ca.cert],
    });
    const result = await check(monitorOf('keyword', { url: 'https://shop.example.com/', keyword: 'Welcome' }), context);
    expect(result).toMatchObject({ status: 'up', target: 'https://shop.example.com/' });
    // The certificate names shop.example.com only: verified, so the SNI and the name check were the monitor's.
    expect(tls.requests.at(-1)?.headers.host).toBe('shop.example.com');
  });

  it("a connect-to host is resolved through --resolve, and an empty CONNECT-PORT keeps the URL's", async () => {
    const context = contextOf({
      connectTo: [parseConnectTo(`::backend.internal:`)],
      resolve: [parseResolve(`backend.internal:${plain.port}:127.0.0.1`)],
    });
    const result = await check(monitorOf('http', { url: `http://www.example.com:${plain.port}/health` }), context);
    expect(result.status).toBe('up');
    expect(plain.requests.at(-1)).toMatchObject({ url: '/health', headers: { host: `www.example.com:${plain.port}` } });
  });

  it('--resolve *:*:127.0.0.1 sends every host there', async () => {
    const context = contextOf({ resolve: [parseResolve('*:*:127.0.0.1')] });
    const result = await check(monitorOf('tcp', { url: 'db.shop.example.com', port: tcp.port }), context);
    expect(result).toMatchObject({
      status: 'up',
      reason: expect.stringContaining(`connected to 127.0.0.1:${tcp.port}`),
    });
  });

  it('a tcp and an ssl check follow a port mapping too', async () => {
    const context = contextOf({
      connectTo: [
        parseConnectTo(`db.shop.example.com:5432:127.0.0.1:${tcp.port}`),
        parseConnectTo(`:443:127.0.0.1:${tls.port}`),
      ],
      extraCa: [ca.cert],
    });
    expect(await check(monitorOf('tcp', { url: 'db.shop.example.com', port: 5432 }), context)).toMatchObject({
      status: 'up',
      target: 'db.shop.example.com:5432',
    });
    expect(await check(monitorOf('ssl', { url: 'shop.example.com' }), context)).toMatchObject({ status: 'up' });
  });
});
