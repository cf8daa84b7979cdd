import { describe, expect, it } from 'vitest';
import { ruleProblems } from '../../src/schema/rules.js';
import { httpInput } from '../load/valid-input.js';

const headerCodes = (headers: string) => ruleProblems(httpInput({ headers })).map((p) => `${p.pointer} ${p.code}`);

describe('headers', () => {
  it('accepts "Name: value" lines, blank lines, CRLF and an empty value', () => {
    expect(headerCodes('Accept: application/json\r\n\nX-Request-Source: monitors\nX-Empty:\nCookie: a=b')).toEqual([]);
  });

  it('accepts non-ASCII text in values', () => {
    expect(
      headerCodes('Accept-Language: fr-CH, fr;q=0.9\nX-Note: caf\u00e9 \u2713 \u{1F600}\nX-Forwarding-Test: ok'),
    ).toEqual([]);
  });

  it.each([
    'Authorization: Bearer x',
    'authorization: Basic x',
    'Proxy-Authorization: x',
    'Forwarded: for=1.2.3.4',
    'X-Forwarded-For: 1.2.3.4',
    'x-forwarded-host: evil.example.com',
    'X-Real-IP: 1.2.3.4',
    'Via: 1.1 proxy',
    'Host: other.example.com',
    'Content-Length: 5',
    'Transfer-Encoding: chunked',
    'Connection: close',
    'X-Forwarded: for=1.2.3.4',
    'X-Originating-IP: 1.2.3.4',
    'X-Remote-Addr: 1.2.3.4',
    '  Authorization: Bearer x',
    '\tX-Forwarded-For: 1.2.3.4',
    'Authorization : x',
  ])('rejects %j', (line) => {
    expect(headerCodes(`Accept: */*\n${line}`)).toEqual(['/headers rule.header_forbidden']);
  });

  it.each([
    'no colon here',
    'Bad Name: x',
    ': no name',
    '  Folded: x',
    'X-Bell: a\u0007b',
    'X-A: a\u0085Authorization: x',
    'X-A: a\u2028Authorization: x',
    'X-A: a\u2029b',
    'X-A: a\rAuthorization: x',
  ])('rejects the malformed line %j', (line) => {
    expect(headerCodes(line)).toEqual(['/headers rule.header_syntax']);
  });

  it('reports each bad line with its line number and never echoes the line', () => {
    const problems = ruleProblems(
      httpInput({ headers: 'Accept: */*\nX-Token sekrit-value\nAuthorization: Bearer sekrit-value' }),
    );
    expect(problems.map((p) => p.message)).toEqual([
      'headers line 2 is not "Name: value" (no colon)',
      'headers line 3: header Authorization is not allowed; set authentication with auth_type and auth_secret instead',
    ]);
  });
});
