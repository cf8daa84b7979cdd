// dns checks against a DNS server on 127.0.0.1 (UDP, dns-packet), chosen with --dns-server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, contextOf, monitorOf } from './check-helpers.js';
import { startDns, startUdp, type DnsZone, type Running } from './servers/loopback.js';

const ZONE: DnsZone = {
  'shop.example.com': {
    A: ['93.184.215.14', '93.184.215.15'],
    AAAA: ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    MX: [{ preference: 10, exchange: 'mx1.shop.example.com' }],
    TXT: [['v=spf1 ', 'include:_spf.example.com ~all']],
    NS: ['ns1.example.net'],
    CAA: [{ flags: 0, tag: 'issue', value: 'letsencrypt.org' }],
  },
  'www.shop.example.com': { CNAME: ['shop.example.com'] },
};

let dns: Running & { questions: string[] };
let slowDns: Running;
const context = (port = dns.port) => contextOf({ dnsServers: [`127.0.0.1:${port}`] });
const dnsMonitor = (overrides: Record<string, unknown>) => monitorOf('dns', { url: 'shop.example.com', ...overrides });

beforeAll(async () => {
  [dns, slowDns] = await Promise.all([startDns(ZONE), startDns(ZONE, 150)]);
});
afterAll(async () => {
  await Promise.all([dns.close(), slowDns.close()]);
});

describe('dns check', () => {
  it('is up when a record equals dns_expected, asking the --dns-server', async () => {
    const result = await check(dnsMonitor({ dns_record_type: 'A', dns_expected: '93.184.215.15' }), context());
    expect(result).toMatchObject({
      status: 'up',
      reason: expect.stringMatching(/^A "93\.184\.215\.15" found in \d+ ms$/),
    });
    expect(dns.questions.at(-1)).toBe('A shop.example.com');
  });

  it('is up on any record without dns_expected, and lists them', async () => {
    expect((await check(dnsMonitor({ dns_record_type: 'A', dns_expected: null }), context())).reason).toMatch(
      /^A 93\.184\.215\.14, 93\.184\.215\.15 in \d+ ms$/,
    );
  });

  it('compares each record type by meaning', async () => {
    const cases: Array<[string, string]> = [
      ['AAAA', '2606:2800:021f:cb07:6820:80da:af6b:8b2c'],
      ['MX', 'MX1.shop.example.com.'],
      ['MX', '10 mx1.shop.example.com'],
      ['TXT', 'v=spf1 include:_spf.example.com ~all'],
      ['NS', 'ns1.example.net.'],
      ['CAA', '0 issue "letsencrypt.org"'],
      ['CAA', 'letsencrypt.org'],
    ];
    for (const [type, expected] of cases) {
      expect(
        (await check(dnsMonitor({ dns_record_type: type, dns_expected: expected }), context())).status,
        `${type} ${expected}`,
      ).toBe('up');
    }
    expect(
      (
        await check(
          dnsMonitor({ url: 'www.shop.example.com', dns_record_type: 'CNAME', dns_expected: 'shop.example.com' }),
          context(),
        )
      ).status,
    ).toBe('up');
  });

  it('is degraded when the answer comes later than slow_threshold_ms', async () => {
    expect(
      (
        await check(
          dnsMonitor({ dns_record_type: 'A', dns_expected: '93.184.215.14', slow_threshold_ms: 100 }),
          context(slowDns.port),
        )
      ).status,
    ).toBe('degraded');
  });

  it('is down when no record matches, when the type has no record, and when the name does not exist', async () => {
    expect(await check(dnsMonitor({ dns_record_type: 'A', dns_expected: '10.9.9.9' }), context())).toMatchObject({
      status: 'down',
      reason: 'A is 93.184.215.14, 93.184.215.15, expected "10.9.9.9"',
    });
    expect(await check(dnsMonitor({ url: 'www.shop.example.com', dns_record_type: 'MX' }), context())).toMatchObject({
      status: 'down',
      reason: 'no MX record',
    });
    expect(await check(dnsMonitor({ url: 'gone.example.com', dns_record_type: 'A' }), context())).toMatchObject({
      status: 'down',
      reason: 'gone.example.com does not exist (NXDOMAIN)',
    });
  });
});

describe('dns check without an answer', () => {
  it('is down when the resolver does not answer within timeout_seconds', async () => {
    const silent = await startUdp(() => undefined);
    try {
      expect(await check(dnsMonitor({ dns_record_type: 'A', timeout_seconds: 2 }), context(silent.port))).toMatchObject(
        {
          status: 'down',
          reason: `timed out after 2 s (timeout_seconds) waiting for the DNS server 127.0.0.1:${silent.port}`,
        },
      );
    } finally {
      await silent.close();
    }
  });
});
