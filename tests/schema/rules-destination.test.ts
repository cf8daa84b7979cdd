import { describe, expect, it } from 'vitest';
import { ruleProblems } from '../../src/schema/rules.js';
import { httpInput, inputOfType } from '../load/valid-input.js';

const urlCodes = (url: string, type = 'http') => ruleProblems(inputOfType(type, { url })).map((p) => p.code);

describe('url: private and reserved destinations', () => {
  it.each([
    'http://localhost/',
    'http://LOCALHOST./',
    'https://api.localhost/',
    'http://printer.local/',
    'http://vault.internal/',
    'http://nas.home.arpa/',
    'http://intranet/',
    'http://127.0.0.1/',
    'http://127.255.255.254:8080/',
    'http://0x7f.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0.0.0.0/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://100.127.255.255/',
    'http://192.0.2.10/',
    'http://198.18.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[0:0:0:0:0:ffff:c0a8:0101]/',
    'http://[64:ff9b::10.0.0.1]/',
    'http://[2002:c0a8:0101::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[ff02::1]/',
    'http://[2001:db8::1]/',
  ])('rejects %s', (url) => {
    expect(urlCodes(url)).toEqual(['rule.private_destination']);
  });

  it.each([
    'https://shop.example.com/',
    'https://example.com:8443/health?x=1',
    'http://8.8.8.8/',
    'http://172.15.255.255/',
    'http://172.32.0.0/',
    'http://100.63.255.255/',
    'http://100.128.0.0/',
    'http://11.0.0.1/',
    'http://[2606:4700::1111]/',
    'http://[::ffff:8.8.8.8]/',
    'http://localhost.example.com/',
    'http://mylocalhost.com/',
  ])('accepts %s', (url) => {
    expect(urlCodes(url)).toEqual([]);
  });

  it.each([
    ['tcp', 'localhost'],
    ['tcp', '127.0.0.1'],
    ['udp', '10.0.0.53:53'],
    ['ping', '::1'],
    ['ping', 'fe80::1'],
    ['dns', '[fd00::53]:53'],
    ['ssl', 'https://192.168.0.1'],
    ['tcp', 'tcp://0x7f000001:25'],
    ['domain', 'corp.internal'],
  ])('rejects a %s host %s', (type, url) => {
    expect(urlCodes(url, type)).toEqual(['rule.private_destination']);
  });

  it.each([
    ['tcp', 'db.example.com'],
    ['tcp', 'db.example.com:5432'],
    ['ping', '2606:4700:4700::1111'],
    ['ping', '1.1.1.1'],
    ['ssl', 'https://shop.example.com'],
  ])('accepts a %s host %s', (type, url) => {
    expect(urlCodes(url, type)).toEqual([]);
  });

  it('http-like types need an absolute http(s) URL; other types accept a bare host', () => {
    expect(urlCodes('shop.example.com', 'http')).toEqual(['rule.url_scheme']);
    expect(urlCodes('ftp://shop.example.com', 'keyword')).toEqual(['rule.url_scheme']);
    expect(urlCodes('shop.example.com', 'tcp')).toEqual([]);
  });

  it('rejects empty, blank-containing and unparsable urls, and credentials in the url', () => {
    expect(urlCodes('', 'tcp')).toEqual(['rule.url_invalid']);
    expect(urlCodes('https://shop.example.com/a b')).toEqual(['rule.url_invalid']);
    expect(urlCodes('https://')).toEqual(['rule.url_invalid']);
    expect(urlCodes('https://user:pw@shop.example.com/')).toEqual(['rule.url_credentials']);
  });

  it('never echoes credentials written into the url', () => {
    const messages = ruleProblems(httpInput({ url: 'https://user:s3cr3t@shop.example.com/' })).map((p) => p.message);
    expect(messages.join('\n')).not.toContain('s3cr3t');
  });
});

describe('url: text that URL parsers read differently', () => {
  it.each([
    ['http', 'https://shop.example.com\\@10.0.0.1/'],
    ['http', 'http://a.example.com\\.10.0.0.1/'],
    ['tcp', 'tcp://db.example.com\\@127.0.0.1:5432'],
    ['http', 'http://localhost../'],
    ['http', 'http://shop..example.com/'],
    ['http', 'http://../'],
    ['ping', '.example.com'],
    ['ping', 'localhost..'],
  ])('%s url %s is rule.url_invalid', (type, url) => {
    expect(urlCodes(url, type)).toEqual(['rule.url_invalid']);
  });

  it.each([
    ['http', 'https://shop.example.com./'],
    ['http', 'https://shop.example.com/a\\b?q=c\\d'],
    ['ping', 'shop.example.com.'],
  ])('%s url %s (one trailing dot, a backslash in the path) is fine', (type, url) => {
    expect(urlCodes(url, type)).toEqual([]);
  });
});
