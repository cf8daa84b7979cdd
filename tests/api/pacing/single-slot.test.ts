// The period search of a limit of one request (single-slot.ts), gap by gap.
import { describe, expect, it } from 'vitest';
import { SingleSlot } from '../../../src/api/pacing/single-slot.js';

/** Runs the search against a refill every `period` ms: gaps at or above it work. */
function search(period: number, prior = 1000, probes = 20): { gaps: number[]; refused: number } {
  const slot = new SingleSlot(prior);
  const gaps: number[] = [];
  let refused = 0;
  for (let i = 0; i < probes; i++) {
    const gap = slot.gap;
    gaps.push(gap);
    if (gap >= period) slot.succeeded(gap);
    else {
      refused += 1;
      // After a 429 the next try comes only after its Retry-After: that gap works.
      slot.refused(gap);
      slot.succeeded(Math.max(gap, period) + 1000);
    }
  }
  return { gaps, refused };
}

describe('the period of a limit of one', () => {
  it('starts from the prior, then finds a faster refill within a few percent, with a few 429s', () => {
    const { gaps, refused } = search(500);
    expect(gaps[0]).toBe(1000);
    const settled = gaps.at(-1)!;
    expect(settled).toBeGreaterThanOrEqual(500);
    expect(settled).toBeLessThanOrEqual(500 * 1.1);
    expect(refused).toBeLessThanOrEqual(3);
    // Once settled, it stays: no more 429s.
    expect(new Set(gaps.slice(-8)).size).toBe(1);
  });

  it('finds a slower refill than the prior too', () => {
    const { gaps, refused } = search(2000);
    expect(gaps.at(-1)).toBeGreaterThanOrEqual(2000);
    expect(gaps.at(-1)).toBeLessThanOrEqual(2000 * 1.1);
    expect(refused).toBeLessThanOrEqual(4);
  });

  it('never probes as soon as a gap that failed, unless a shorter one has worked since', () => {
    const slot = new SingleSlot(1000);
    slot.succeeded(1000);
    slot.refused(600);
    expect(slot.gap).toBeGreaterThan(600);
    slot.succeeded(500); // the refill got faster (or the limit changed): search below again
    expect(slot.gap).toBeLessThan(500);
  });

  it('forgets a gap that worked once it fails (the refill got slower)', () => {
    const slot = new SingleSlot(1000);
    slot.succeeded(400);
    slot.refused(450);
    expect(slot.gap).toBeGreaterThan(450);
  });
});
