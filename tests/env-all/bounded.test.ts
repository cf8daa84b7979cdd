// --env all's runs side by side: at most N at once, the results in the declared order
// whatever order the runs end in, and the --parallelism value checked.
import { describe, expect, it } from 'vitest';
import { parseParallelism, runBounded } from '../../src/env-all/bounded.js';

describe('runBounded', () => {
  it('runs at most `limit` at once and keeps the order of the items', async () => {
    let running = 0;
    let most = 0;
    const delays = [30, 5, 20, 1, 10, 2, 15];
    const out = await runBounded(delays, 3, async (ms, i) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return `${i}:${ms}`;
    });
    expect(out).toEqual(delays.map((ms, i) => `${i}:${ms}`));
    expect(most).toBe(3);
  });

  it('runs one at a time with a limit of 1, and handles no items', async () => {
    let running = 0;
    let most = 0;
    await runBounded([1, 2, 3], 1, async () => {
      most = Math.max(most, ++running);
      await Promise.resolve();
      running -= 1;
    });
    expect(most).toBe(1);
    expect(await runBounded([], 4, async () => 1)).toEqual([]);
  });
});

describe('parseParallelism', () => {
  it('takes 1 to 64; anything else is NaN (refused), absent is undefined (the default)', () => {
    expect(parseParallelism('1')).toBe(1);
    expect(parseParallelism('64')).toBe(64);
    expect(parseParallelism(undefined)).toBeUndefined();
    for (const bad of ['0', '65', '-1', '2.5', 'four', '']) expect(parseParallelism(bad)).toBeNaN();
  });
});
