import { describe, expect, it } from 'vitest';
import { createPacer } from '../../src/api/pacer.js';

/** A pacer on a fake clock; returns the start time of each of `n` sequential acquires. */
function harness(concurrency = 4) {
  let time = 0;
  const pacer = createPacer(concurrency, () => time, async (ms) => void (time += ms));
  const starts = async (n: number) => {
    const at: number[] = [];
    for (let i = 0; i < n; i++) {
      await pacer.acquire();
      at.push(time);
    }
    return at;
  };
  return { pacer, starts, advance: (ms: number) => void (time += ms) };
}

const gaps = (at: number[]) => at.slice(1).map((t, i) => t - at[i]!);

describe('pacer', () => {
  it('does not wait while the server sends no rate-limit headers', async () => {
    const { starts } = harness();
    expect(await starts(20)).toEqual(Array(20).fill(0));
  });

  it('does not wait while plenty of the limit remains', async () => {
    const { pacer, starts } = harness();
    pacer.observe({ limit: 50, remaining: 45 });
    expect(await starts(10)).toEqual(Array(10).fill(0));
  });

  it('spaces requests a little under the refill rate once the remainder runs low', async () => {
    const { pacer, starts } = harness();
    pacer.observe({ limit: 50, remaining: 5 });
    const g = gaps(await starts(6));
    // 50 per second -> 20 ms each; a few percent more so the bucket never runs dry.
    for (const gap of g) expect(gap).toBeGreaterThanOrEqual(20);
    for (const gap of g) expect(gap).toBeLessThan(22);
  });

  it('starts pacing with a reserve for the requests in flight', async () => {
    const { pacer, starts } = harness(8);
    pacer.observe({ limit: 50, remaining: 16 }); // 2 x concurrency left
    expect(gaps(await starts(3)).every((g) => g > 0)).toBe(true);
  });

  it('slows down further after each 429 and relaxes once the limit has refilled', async () => {
    const { pacer, starts, advance } = harness();
    pacer.observe({ limit: 10, remaining: 1 });
    const base = gaps(await starts(3))[1]!;
    pacer.throttled();
    advance(1000);
    const slower = gaps(await starts(3))[1]!;
    expect(slower).toBeCloseTo(base * 2, 5);
    pacer.observe({ limit: 10, remaining: 9 });
    advance(1000);
    expect(await starts(3).then(gaps)).toEqual([0, 0]);
  });

  it('a 429 without any rate-limit headers still spaces requests', async () => {
    const { pacer, starts } = harness();
    pacer.throttled();
    expect(gaps(await starts(3)).every((g) => g >= 100)).toBe(true);
  });

  it('counts a burst of 429s from the requests in flight as one slow-down', async () => {
    const one = harness();
    one.pacer.observe({ limit: 10, remaining: 0 });
    one.pacer.throttled();
    const many = harness();
    many.pacer.observe({ limit: 10, remaining: 0 });
    for (let i = 0; i < 8; i++) many.pacer.throttled();
    expect(await many.starts(3)).toEqual(await one.starts(3));
  });

  it('holds back every request until a Retry-After has passed', async () => {
    const { pacer, starts } = harness();
    pacer.throttled(3000);
    const at = await starts(2);
    expect(at[0]).toBe(3000);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(100);
  });
});
