// The pure parts of `monitors check`: verdicts, pointers, globs, option parsing, targets.
import { describe, expect, it } from 'vitest';
import { namePattern } from '../../src/model/name-select/pattern.js';
import { parseDnsServer } from '../../src/check/options.js';
import { parseResolve } from '../../src/check/routes.js';
import { endpointOf, targetText } from '../../src/check/target.js';
import { certificateVerdict } from '../../src/check/verdicts/certificate.js';
import { dnsMatches, recordTexts } from '../../src/check/verdicts/dns.js';
import { jsonEquals, jsonVerdict } from '../../src/check/verdicts/json.js';
import { resolvePointer } from '../../src/check/verdicts/json-pointer.js';
import { keywordVerdict } from '../../src/check/verdicts/keyword.js';
import { domainVerdict, expiryOf, rdapBaseFor, rdapDomainUrl } from '../../src/check/verdicts/rdap.js';
import { statusProblem } from '../../src/check/verdicts/status-range.js';
import { judgeTiming } from '../../src/check/verdicts/timing.js';
import { hexBytes, udpVerdict } from '../../src/check/verdicts/udp.js';
import type { MonitorInput } from '../../src/model/monitor.js';
import { inputOfType } from '../load/valid-input.js';

describe('timing and status range', () => {
  it('is degraded only above slow_threshold_ms', () => {
    expect(judgeTiming('status 200', 100, 100)).toEqual({ status: 'up', reason: 'status 200 in 100 ms' });
    expect(judgeTiming('status 200', 101, 100)).toEqual({
      status: 'degraded',
      reason: 'status 200 in 101 ms, slower than slow_threshold_ms 100',
    });
  });

  it('includes both ends of the status range', () => {
    expect(statusProblem(200, 200, 299)).toBeUndefined();
    expect(statusProblem(299, 200, 299)).toBeUndefined();
    expect(statusProblem(300, 200, 299)).toBe('status 300, expected 200-299');
    expect(statusProblem(204, 200, 200)).toBe('status 204, expected 200');
  });
});

describe('RFC 6901 pointers', () => {
  // The examples of RFC 6901 section 5.
  const doc = {
    foo: ['bar', 'baz'],
    '': 0,
    'a/b': 1,
    'c%d': 2,
    'e^f': 3,
    'g|h': 4,
    'i\\j': 5,
    'k"l': 6,
    ' ': 7,
    'm~n': 8,
  };
  it.each([
    ['', doc],
    ['/foo', ['bar', 'baz']],
    ['/foo/0', 'bar'],
    ['/', 0],
    ['/a~1b', 1],
    ['/c%d', 2],
    ['/e^f', 3],
    ['/g|h', 4],
    ['/i\\j', 5],
    ['/k"l', 6],
    ['/ ', 7],
    ['/m~0n', 8],
  ])('resolves %j', (pointer, value) => {
    expect(resolvePointer(doc, pointer)).toEqual({ found: true, value });
  });

  it.each(['/foo/2', '/foo/-', '/foo/01', '/foo/x', '/nope', 'foo', '/foo/0/x'])('finds nothing at %j', (pointer) => {
    expect(resolvePointer(doc, pointer)).toEqual({ found: false });
  });

  it('does not read inherited properties', () => {
    expect(resolvePointer({}, '/constructor')).toEqual({ found: false });
    expect(resolvePointer({}, '/__proto__')).toEqual({ found: false });
  });
});

describe('json equality', () => {
  it('matches the string itself or the value json_expected reads as', () => {
    expect(jsonEquals('ok', 'ok')).toBe(true);
    expect(jsonEquals('42', '42')).toBe(true);
    expect(jsonEquals(42, '42')).toBe(true);
    expect(jsonEquals(42, '42.0')).toBe(true);
    expect(jsonEquals(true, 'true')).toBe(true);
    expect(jsonEquals(null, 'null')).toBe(true);
    expect(jsonEquals({ b: 2, a: [1] }, '{"a":[1],"b":2}')).toBe(true);
    expect(jsonEquals('ok', '"ok"')).toBe(true);
    expect(jsonEquals(42, '43')).toBe(false);
    expect(jsonEquals('true', 'false')).toBe(false);
    expect(jsonEquals(1, 'true')).toBe(false);
  });

  it('shortens a long server value in the reason', () => {
    const verdict = jsonVerdict(JSON.stringify({ a: 'x'.repeat(500) }), {
      pointer: '/a',
      operator: 'equals',
      expected: 'y',
      shownExpected: 'y',
    });
    expect(verdict.ok).toBe(false);
    expect(verdict.detail.length).toBeLessThan(140);
  });
});

describe('keyword', () => {
  const rule = (keyword: string, mode: 'present' | 'absent' = 'present', caseSensitive = true) => ({
    keyword,
    mode,
    caseSensitive,
    shown: keyword,
  });
  it('finds the keyword, with or without case', () => {
    expect(keywordVerdict('Add to Cart', rule('Add to Cart')).ok).toBe(true);
    expect(keywordVerdict('Add to Cart', rule('add to cart')).ok).toBe(false);
    expect(keywordVerdict('Add to Cart', rule('add to cart', 'present', false)).ok).toBe(true);
    expect(keywordVerdict('all fine', rule('error', 'absent')).ok).toBe(true);
    expect(keywordVerdict('an ERROR', rule('error', 'absent', false)).ok).toBe(false);
  });
});

describe('udp', () => {
  it('reads hex, refusing an odd number of digits', () => {
    expect(hexBytes('E3ff')).toEqual(Buffer.from([0xe3, 0xff]));
    expect(hexBytes(null)).toEqual(Buffer.alloc(0));
    expect(hexBytes('abc')).toBe('has an odd number of hex digits (3); a byte is two digits');
  });

  it('passes any answer without an expectation, else one that contains it', () => {
    expect(udpVerdict(Buffer.from('ab'), Buffer.alloc(0)).ok).toBe(true);
    expect(udpVerdict(Buffer.from([1, 2, 3]), Buffer.from([2, 3])).ok).toBe(true);
    expect(udpVerdict(Buffer.from([1, 2, 3]), Buffer.from([3, 2]))).toEqual({
      ok: false,
      detail: 'answer 010203 does not contain udp_expected',
    });
  });
});

describe('dns', () => {
  it('renders the records of each type', () => {
    expect(recordTexts('MX', [{ priority: 10, exchange: 'MX.Example.com.' }])).toEqual(['10 mx.example.com']);
    expect(recordTexts('TXT', [['a', 'b'], ['c']])).toEqual(['ab', 'c']);
    expect(recordTexts('CAA', [{ critical: 128, issue: 'ca.example' }])).toEqual(['128 issue "ca.example"']);
  });

  it('compares by meaning', () => {
    expect(dnsMatches('AAAA', '2001:db8::1', '2001:0db8:0000::0001')).toBe(true);
    expect(dnsMatches('A', '1.2.3.4', 'not-an-ip')).toBe(false);
    expect(dnsMatches('CNAME', 'shop.example.com', 'SHOP.example.com.')).toBe(true);
    expect(dnsMatches('MX', '10 mx.example.com', '20 mx.example.com')).toBe(false);
    expect(dnsMatches('CAA', '0 issue "ca.example"', 'issue ca.example')).toBe(true);
  });
});

describe('certificate and domain expiry', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const at = (days: number) => new Date(now.getTime() + days * 86_400_000 + 3_600_000);

  it('judges the certificate of the chain that expires first', () => {
    const chain = {
      authorized: true,
      certificates: [
        { name: 'shop.example.com', validTo: at(60) },
        { name: 'Intermediate CA', validTo: at(5) },
        { name: 'Root', validTo: at(3000) },
      ],
    };
    expect(certificateVerdict(chain, now, 14)).toEqual({
      ok: false,
      detail:
        'certificate "Intermediate CA" of the chain expires in 5 days (2026-01-06), fewer than minimum_tls_days 14',
    });
    expect(certificateVerdict({ authorized: false, error: 'CERT_HAS_EXPIRED', certificates: [] }, now, 14)).toEqual({
      ok: false,
      detail: 'TLS: the certificate has expired',
    });
    expect(certificateVerdict({ authorized: false, error: 'SOMETHING_NEW', certificates: [] }, now, 14).detail).toBe(
      'TLS: SOMETHING_NEW',
    );
  });

  it('reads the expiration event of an RDAP answer', () => {
    expect(
      expiryOf({
        events: [
          { eventAction: 'registration', eventDate: '2000-01-01T00:00:00Z' },
          { eventAction: 'expiration', eventDate: '2027-01-01T00:00:00Z' },
        ],
      }),
    ).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(expiryOf({ events: [{ eventAction: 'expiration', eventDate: 'soon' }] })).toBeUndefined();
    expect(expiryOf('nonsense')).toBeUndefined();
    expect(domainVerdict(at(45), now, 30)).toEqual({
      ok: true,
      detail: 'registration expires in 45 days (2026-02-15)',
    });
    expect(domainVerdict(at(45), now, null).ok).toBe(true);
  });

  it('finds the RDAP service of the longest matching suffix in the IANA bootstrap registry', () => {
    const bootstrap = {
      services: [
        [
          ['com', 'net'],
          ['http://rdap.verisign.test/', 'https://rdap.verisign.test/'],
        ],
        [['co.uk'], ['https://rdap.nominet.test/']],
        [['uk'], ['https://rdap.uk.test/']],
      ],
    };
    expect(rdapBaseFor(bootstrap, 'shop.example.com')).toBe('https://rdap.verisign.test/');
    expect(rdapBaseFor(bootstrap, 'shop.co.uk')).toBe('https://rdap.nominet.test/');
    expect(rdapBaseFor(bootstrap, 'example.org')).toBeUndefined();
    expect(rdapBaseFor({}, 'example.com')).toBeUndefined();
    expect(rdapDomainUrl('https://rdap.test/v1', 'example.com').href).toBe('https://rdap.test/v1/domain/example.com');
    expect(rdapDomainUrl('https://rdap.test/v1/', 'example.com').href).toBe('https://rdap.test/v1/domain/example.com');
  });
});

describe('--name globs', () => {
  it('match whole names; * spans any text, ? one character, [] a class', () => {
    const match = (glob: string, name: string) => namePattern(glob).matches(name);
    expect(match('shop: *', 'shop: home page')).toBe(true);
    expect(match('shop: *', 'the shop: home page')).toBe(false);
    expect(match('*api*', 'shop: orders API')).toBe(false);
    expect(match('*API*', 'shop: orders API / v2')).toBe(true);
    expect(match('db?', 'db1')).toBe(true);
    expect(match('db[12]', 'db3')).toBe(false);
    expect(match('db[!12]', 'db3')).toBe(true);
    expect(match('a.b (c)+', 'a.b (c)+')).toBe(true);
    expect(match('a.b', 'axb')).toBe(false);
    expect(match('[unclosed', '[unclosed')).toBe(true);
  });
});

describe('options', () => {
  it('reads --resolve like curl', () => {
    expect(parseResolve('Shop.Example.com.:443:127.0.0.1')).toEqual({
      host: 'shop.example.com',
      port: 443,
      addresses: ['127.0.0.1'],
    });
    expect(parseResolve('shop.example.com:*:[::1],127.0.0.2')).toEqual({
      host: 'shop.example.com',
      port: '*',
      addresses: ['::1', '127.0.0.2'],
    });
    expect(() => parseResolve('shop.example.com:443')).toThrow(/expected HOST:PORT:ADDRESS/);
    expect(() => parseResolve('shop.example.com:0:127.0.0.1')).toThrow(/not a port/);
    expect(() => parseResolve('shop.example.com:443:localhost')).toThrow(/not an IP address/);
  });

  it('reads --dns-server as an address with an optional port', () => {
    expect(parseDnsServer('127.0.0.1:5353')).toBe('127.0.0.1:5353');
    expect(parseDnsServer('::1')).toBe('::1');
    expect(parseDnsServer('[::1]:53')).toBe('[::1]:53');
    expect(() => parseDnsServer('dns.example.com')).toThrow(/not an IP address/);
    expect(() => parseDnsServer('127.0.0.1:99999')).toThrow(/not an IP address/);
  });
});

describe('targets', () => {
  const monitor = (type: string, overrides: Record<string, unknown>) =>
    inputOfType(type, overrides) as unknown as MonitorInput;
  it('take the port field, else the URL port, else the type default', () => {
    expect(endpointOf(monitor('tcp', { url: 'db.example.com', port: 5432 }))).toEqual({
      host: 'db.example.com',
      port: 5432,
    });
    expect(endpointOf(monitor('tcp', { url: 'tcp://db.example.com:6379', port: null }))).toEqual({
      host: 'db.example.com',
      port: 6379,
    });
    expect(endpointOf(monitor('ssl', { url: 'https://shop.example.com:80/x', port: null }))).toEqual({
      host: 'shop.example.com',
      port: 80,
    });
    expect(endpointOf(monitor('ssl', { url: 'shop.example.com.', port: null }))).toEqual({
      host: 'shop.example.com',
      port: 443,
    });
    expect(endpointOf(monitor('udp', { url: '[2606:4700::1]:53', port: null }))).toEqual({
      host: '2606:4700::1',
      port: 53,
    });
    expect(targetText(monitor('tcp', { url: 'db.example.com', port: 5432 }), 'db.example.com')).toBe(
      'db.example.com:5432',
    );
    expect(targetText(monitor('tcp', { url: 'db.example.com', port: 5432 }), '${env:DB_HOST}')).toBe('${env:DB_HOST}');
  });
});
