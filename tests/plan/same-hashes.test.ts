// sameHashes decides whether a secret changed since the last apply: two maps of field ->
// hash are the same when they name the same fields with the same hashes, in any order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameHashes } from '../../src/plan/fingerprint.js';

const sorted = (map: Record<string, string>) =>
  JSON.stringify(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

describe('sameHashes', () => {
  it('compares fields and hashes, not order', () => {
    expect(sameHashes({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameHashes({}, {})).toBe(true);
    expect(sameHashes({ a: '1' }, {})).toBe(false);
    expect(sameHashes({}, { a: '1' })).toBe(false);
    expect(sameHashes({ a: '1' }, { b: '1' })).toBe(false);
    expect(sameHashes({ a: '1' }, { a: '2' })).toBe(false);
  });

  it('is equality of the maps as sets of pairs', () => {
    const map = fc.dictionary(
      fc.constantFrom('auth_secret', 'a', 'b', 'toString', 'constructor'),
      fc.constantFrom('h1', 'h2'),
    );
    fc.assert(
      fc.property(map, map, (a, b) => sameHashes(a, b) === (sorted(a) === sorted(b))),
      { numRuns: 300 },
    );
  });
});
