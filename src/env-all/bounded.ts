// `--env all`'s runs side by side: at most `limit` at a time (`--parallelism N`), each result
// in the place of its item, so that the answer keeps the order the environments are declared
// in whatever order the runs end. Pure but for calling `run`.

/** Runs `run` over every item, at most `limit` at once; the results in the items' order. */
export async function runBounded<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]!, index);
    }
  };
  const workers = Math.max(1, Math.min(limit, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

/** `--parallelism N`: a whole number from 1 to 64; undefined when not given (the default, 4). */
export function parseParallelism(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  return /^[1-9][0-9]?$/.test(value) && Number(value) <= 64 ? Number(value) : Number.NaN;
}

export const DEFAULT_PARALLELISM = 4;
