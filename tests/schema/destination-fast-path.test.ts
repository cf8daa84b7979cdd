// The common URLs are decided without a URL parser (destination.ts): for every URL, of
// every shape, the answer must be the one the whole check through WHATWG URL gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { destinationProblem, parsedDestinationProblem, type DestinationKind } from '../../src/schema/destination.js';

const KINDS: DestinationKind[] = ['http-url', 'url-or-host'];

/** Hosts near the edge of the fast path: labels of every length, hyphens, digits, xn--, reserved names, IPs. */
const label = fc.oneof(
  fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  fc.constantFrom('xn--', 'xn--nxasmq6b', 'xn--zz', 'a'.repeat(63), 'b'.repeat(64), '0x7f', '0', '127', '1e3', 'Local'),
);
const tld = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/),
  fc.constantFrom('localhost', 'local', 'internal', 'arpa', 'com', '1', '0x1', 'COM'),
);
const host = fc.oneof(
  fc.tuple(fc.array(label, { minLength: 0, maxLength: 4 }), tld).map(([labels, last]) => [...labels, last].join('.')),
  fc.constantFrom(
    'home.arpa',
    'nas.home.arpa',
    'a.home.arpa',
    '10.0.0.1',
    '8.8.8.8',
    '[::1]',
    'a..b.com',
    '.a.com',
    'a.com.',
  ),
);
const url = fc
  .tuple(
    fc.constantFrom('', 'http://', 'https://', 'HTTP://', 'ftp://', 'tcp://', 'https:/'),
    fc.constantFrom('', 'user@', 'u:p@'),
    host,
    fc.constantFrom('', ':80', ':443', ':0', ':65535', ':65536', ':99999', ':', ':08080', ':x'),
    fc.constantFrom('', '/', '/health', '/a b', '?q=1', '#f', '/x\\y', '\\x', '/@10.0.0.1', ' '),
  )
  .map((parts) => parts.join(''));

describe('url: the fast path agrees with the URL parser', () => {
  it('for generated URLs of every shape', () => {
    fc.assert(
      fc.property(url, fc.constantFrom(...KINDS), (u, kind) => {
        expect(destinationProblem(u, kind)).toEqual(parsedDestinationProblem(u, kind));
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    'https://svc1.team0.example.com/health',
    'svc1.team0.example.com',
    'http://api.localhost/',
    'https://a.b.internal:8443/x',
    'https://xn--nxasmq6b.com/',
    'https://abc.xn--zz/',
    'https://a-.example.com/',
    'https://example.com:65536/',
    'https://example.1/',
    'https://127.0.0.1.example/',
    `https://${'a'.repeat(64)}.example.com/`,
  ])('for %s', (u) => {
    for (const kind of KINDS) expect(destinationProblem(u, kind)).toEqual(parsedDestinationProblem(u, kind));
  });
});
