// `--env all`'s bounded runs: never more than the limit at once, every item run once, and
// the results in the items' order whatever order they finish in.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARALLELISM, inOrderBounded, parseParallelism } from '../../src/env-all/bounded.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('inOrderBounded', () => {
  it('runs at most `limit` tasks at once and returns the results in the items order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    // The first items take longest: they finish last, and still come first.
    const delays = [40, 30, 20, 10, 5, 1, 25, 3, 8];
    const results = await inOrderBounded(delays, 3, async (ms, index) => {
      started.push(index);
      running += 1;
      most = Math.max(most, running);
      await pause(ms);
      running -= 1;
      return `env-${index}`;
    });
    expect(results).toEqual(delays.map((_, i) => `env-${i}`));
    expect(most).toBe(3);
    expect([...started].sort((a, b) => a - b)).toEqual(delays.map((_, i) => i));
  });

  it('with a limit of 1 runs one after the other; an empty list runs nothing', async () => {
    const order: string[] = [];
    await inOrderBounded(['a', 'b', 'c'], 1, async (item) => {
      order.push(`start ${item}`);
      await pause(2);
      order.push(`end ${item}`);
    });
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(await inOrderBounded([], 4, async () => 1)).toEqual([]);
  });
});

describe('parseParallelism', () => {
  it('takes 1 to 64, defaults to 4, and says what it takes otherwise', () => {
    expect(parseParallelism(undefined)).toBe(DEFAULT_PARALLELISM);
    expect(DEFAULT_PARALLELISM).toBe(4);
    expect(parseParallelism('1')).toBe(1);
    expect(parseParallelism(' 64 ')).toBe(64);
    for (const bad of ['0', '65', '-1', '2.5', 'four', ''])
      expect(parseParallelism(bad)).toEqual({ error: expect.stringContaining('from 1 to 64') });
  });
});
