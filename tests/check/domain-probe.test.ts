// domain checks against an RDAP server on 127.0.0.1 (--rdap-url, or a public RDAP name
// reached through --resolve and trusted through --ca): no IANA bootstrap, no internet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, contextOf, monitorOf, toLoopback } from './check-helpers.js';
import { closedPort, sleep, startHttp, type HttpServer } from './servers/loopback.js';
import { createTestCa } from './servers/test-ca.js';

const DAY = 86_400_000;
const NOW = new Date('2026-03-01T12:00:00Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();
const EXPIRY: Record<string, string | undefined> = {
  'example.com': inDays(400),
  'soon.example': inDays(10),
  'lapsed.example': inDays(-3),
  'slow.example': inDays(400),
  'noexpiry.example': undefined,
};

let rdap: HttpServer;
let rdapTls: HttpServer;
let caCert: string;

function rdapHandler(
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
): Promise<void> | void {
  const name = decodeURIComponent((req.url ?? '').replace(/^.*\/domain\//, ''));
  if (!(name in EXPIRY))
    return void res.writeHead(404, { 'content-type': 'application/rdap+json' }).end('{"errorCode":404}');
  const events = [{ eventAction: 'registration', eventDate: '2001-01-01T00:00:00Z' }];
  if (EXPIRY[name]) events.push({ eventAction: 'expiration', eventDate: EXPIRY[name] });
  const send = () =>
    void res
      .writeHead(200, { 'content-type': 'application/rdap+json' })
      .end(JSON.stringify({ objectClassName: 'domain', ldhName: name, events }));
  return name === 'slow.example' ? sleep(150).then(send) : send();
}

beforeAll(async () => {
  const ca = createTestCa();
  caCert = ca.cert;
  [rdap, rdapTls] = await Promise.all([
    startHttp(rdapHandler),
    startHttp(rdapHandler, ca.issue(['rdap.example.net'], 30)),
  ]);
});
afterAll(async () => {
  await Promise.all([rdap.close(), rdapTls.close()]);
});

const context = () => contextOf({ rdapUrl: `http://127.0.0.1:${rdap.port}/rdap`, now: () => NOW });
const domain = (url: string, overrides: Record<string, unknown> = {}) =>
  monitorOf('domain', { url, minimum_domain_days: 30, ...overrides });

describe('domain check', () => {
  it('is up with more than minimum_domain_days left', async () => {
    const result = await check(domain('example.com'), context());
    expect(result).toMatchObject({
      status: 'up',
      reason: expect.stringMatching(/^registration expires in 400 days \(2027-04-05\) in \d+ ms$/),
    });
    expect(rdap.requests.at(-1)!.url).toBe('/rdap/domain/example.com');
    expect(rdap.requests.at(-1)!.headers.accept).toContain('application/rdap+json');
  });

  it('is degraded when the registry answers later than slow_threshold_ms', async () => {
    expect((await check(domain('slow.example', { slow_threshold_ms: 100 }), context())).status).toBe('degraded');
  });

  it('is down with fewer days left, when expired, and when not registered', async () => {
    expect(await check(domain('soon.example'), context())).toMatchObject({
      status: 'down',
      reason: 'registration expires in 10 days (2026-03-11), fewer than minimum_domain_days 30',
    });
    expect(await check(domain('lapsed.example'), context())).toMatchObject({
      status: 'down',
      reason: 'registration expired on 2026-02-26',
    });
    expect(await check(domain('unregistered.example'), context())).toMatchObject({
      status: 'down',
      reason: expect.stringMatching(
        /^unregistered\.example is not registered \(RDAP http:\/\/127\.0\.0\.1:\d+ answered 404\)$/,
      ),
    });
  });

  it('says "not checkable from here" when RDAP cannot be reached or names no expiry: never a pass', async () => {
    const port = await closedPort();
    const offline = await check(
      domain('example.com'),
      contextOf({ rdapUrl: `http://127.0.0.1:${port}/`, now: () => NOW }),
    );
    expect(offline).toMatchObject({
      status: 'not_checked',
      reason: expect.stringMatching(
        /^not checkable from here: RDAP http:\/\/127\.0\.0\.1:\d+ not reachable \(connection refused\)$/,
      ),
    });
    expect(await check(domain('noexpiry.example'), context())).toMatchObject({
      status: 'not_checked',
      reason: 'not checkable from here: the RDAP answer for noexpiry.example has no expiration date',
    });
  });

  it('reaches an https RDAP service by its public name through --resolve and --ca', async () => {
    const ctx = contextOf({
      rdapUrl: `https://rdap.example.net:${rdapTls.port}/`,
      resolve: toLoopback('rdap.example.net'),
      extraCa: [caCert],
      now: () => NOW,
    });
    expect((await check(domain('example.com'), ctx)).status).toBe('up');
    expect(rdapTls.requests.at(-1)!.headers.host).toBe(`rdap.example.net:${rdapTls.port}`);
  });
});
