// Which routed hosts and paths a repository's monitors cover (src/discover/coverage.ts):
// the same URL by meaning, or a URL the route serves (Exact first, then the longest Prefix
// by path elements), whatever the scheme; only HTTP-like monitors count.
import { describe, expect, it } from 'vitest';
import { uncovered } from '../../src/discover/coverage.js';
import type { DerivedMonitor, PathMatch } from '../../src/discover/types.js';

const derived = (
  host: string,
  path: string,
  match: PathMatch = 'Prefix',
  probe = path,
  port?: number,
): DerivedMonitor => ({
  name: `${host}${path}`,
  type: 'http',
  url: `https://${host}${port ? `:${port}` : ''}${probe}`,
  fields: {},
  route: {
    resource: { kind: 'Ingress', namespace: 'n', name: 'x' },
    scheme: 'https',
    host,
    ...(port ? { port } : {}),
    path,
    match,
    at: { file: 'k.yaml', line: 1, col: 1 },
  },
});
const ROUTES = [
  derived('shop.example.com', '/'),
  derived('shop.example.com', '/api'),
  derived('shop.example.com', '/api/v2/status', 'Exact'),
  derived('shop.example.com', '/admin', 'Prefix', '/admin/healthz'),
  derived('other.example.com', '/'),
  derived('alt.example.com', '/', 'Prefix', '/', 8443),
];
const left = (urls: string[], types: string[] = []) =>
  uncovered(
    ROUTES,
    urls.map((url, i) => ({ name: `m${i}`, type: types[i] ?? 'http', url })),
  ).map((m) => m.name);

describe('coverage', () => {
  it('nothing covered without monitors', () => {
    expect(left([])).toHaveLength(ROUTES.length);
  });

  it('compares URLs by meaning: case, default port, the / of a bare origin, the scheme', () => {
    expect(left(['HTTPS://Shop.Example.com:443', 'http://OTHER.example.com'])).toEqual([
      'alt.example.com/',
      'shop.example.com/admin',
      'shop.example.com/api',
      'shop.example.com/api/v2/status',
    ]);
  });

  it('a monitor covers the route its path reaches: Exact first, then the longest Prefix by elements', () => {
    expect(left(['https://shop.example.com/api/v2/status'])).toContain('shop.example.com/api');
    expect(left(['https://shop.example.com/api/v2/status'])).not.toContain('shop.example.com/api/v2/status');
    expect(left(['https://shop.example.com/api/orders'])).not.toContain('shop.example.com/api');
    expect(left(['https://shop.example.com/apiary'])).toContain('shop.example.com/api');
    expect(left(['https://shop.example.com/apiary'])).not.toContain('shop.example.com/');
  });

  it('a probe path set by annotation covers its route by its URL; a port must match; other types do not count', () => {
    expect(left(['https://shop.example.com/admin/healthz'])).not.toContain('shop.example.com/admin');
    expect(left(['https://alt.example.com/'])).toContain('alt.example.com/');
    expect(left(['https://alt.example.com:8443/x'])).not.toContain('alt.example.com/');
    expect(left(['https://other.example.com/', 'https://shop.example.com/'], ['ssl', 'keyword'])).toEqual([
      'alt.example.com/',
      'other.example.com/',
      'shop.example.com/admin',
      'shop.example.com/api',
      'shop.example.com/api/v2/status',
    ]);
  });
});
