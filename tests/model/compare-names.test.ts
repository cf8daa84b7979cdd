import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareNames } from '../../src/model/compare-names.js';

const sorted = (names: string[]) => [...names].sort(compareNames);

describe('compareNames: names as people read them', () => {
  it('puts numbers in order, not by character', () => {
    expect(sorted(['api-10', 'api-2', 'api-1', 'api-20'])).toEqual(['api-1', 'api-2', 'api-10', 'api-20']);
    expect(sorted(['node 007', 'node 10', 'node 8'])).toEqual(['node 007', 'node 8', 'node 10']);
  });

  it('ignores case, then breaks ties by code unit so the order is total', () => {
    expect(sorted(['beta', 'Alpha', 'alpha', 'Beta', 'gamma'])).toEqual(['Alpha', 'alpha', 'Beta', 'beta', 'gamma']);
    expect(sorted(['shop: Search', 'shop: home', 'Shop: cart'])).toEqual(['Shop: cart', 'shop: home', 'shop: Search']);
  });

  it('compares numbers longer than a double holds exactly', () => {
    expect(sorted(['n 100000000000000000001', 'n 100000000000000000000'])).toEqual([
      'n 100000000000000000000',
      'n 100000000000000000001',
    ]);
  });

  it('is a total order: antisymmetric, zero only for equal strings, transitive (property)', () => {
    const name = fc.stringMatching(/^[a-cA-C0-9 -]{0,6}$/);
    fc.assert(
      fc.property(name, name, name, (a, b, c) => {
        expect(Math.sign(compareNames(a, b)) + Math.sign(compareNames(b, a))).toBe(0);
        expect(compareNames(a, b) === 0).toBe(a === b);
        if (compareNames(a, b) <= 0 && compareNames(b, c) <= 0) expect(compareNames(a, c)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});
