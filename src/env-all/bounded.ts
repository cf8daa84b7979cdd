// Runs one task per item with at most `limit` at once, and returns the results in the
// items' order whatever order they finish in: `--env all` reads its environments
// concurrently but prints them in the order the set declares them.

/** The default number of environments `--env all` runs at once (`--parallelism N`). */
export const DEFAULT_PARALLELISM = 4;

export async function inOrderBounded<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** `--parallelism N`: a whole number from 1 to 64; undefined: the default. */
export function parseParallelism(raw: string | undefined): number | { error: string } {
  if (raw === undefined) return DEFAULT_PARALLELISM;
  const n = /^\d{1,2}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (n >= 1 && n <= 64) return n;
  return { error: `--parallelism takes a whole number from 1 to 64, not ${JSON.stringify(raw.slice(0, 40))}` };
}
