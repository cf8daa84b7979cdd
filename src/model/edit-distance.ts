// The edit distance "did you mean" suggestions rest on: for field names (src/load) and for
// monitor names (`--target`, `--replace`, `removed:`).

/**
 * Edit distance where swapping two neighbouring letters is one edit, like inserting,
 * deleting or changing one (optimal string alignment, the restricted Damerau-Levenshtein
 * distance): `prot` is one edit from `port`, `keywrod` one from `keyword`.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Up to `count` candidates closest to `word`, nearest first (ties by name): for a name that
 * names nothing, the names it most likely meant. Only those within a quarter of the word's
 * length in edits (one for short words), so an unrelated name is never offered.
 */
export function closestNames(word: string, candidates: Iterable<string>, count = 3): string[] {
  const allowed = Math.max(1, Math.floor(word.length / 4));
  const lower = word.toLowerCase();
  // A glob's literal start compared with a name's start: `shop: chek*` is near `shop: checkout`.
  const prefix = literalStart(word);
  const scored: [string, number][] = [];
  for (const candidate of new Set(candidates)) {
    const other = candidate.toLowerCase();
    // The distance is at least the difference in length: most names are passed over at once (100,000 of them, say).
    const whole = Math.abs(lower.length - other.length) > allowed ? Infinity : editDistance(lower, other);
    // Likewise for the start: a pattern of 100,000 characters costs nothing per name.
    const head = prefix === undefined ? '' : other.slice(0, prefix.length);
    const start = prefix === undefined || prefix.length - head.length > allowed ? whole : editDistance(prefix, head);
    const distance = Math.min(whole, start);
    if (distance <= allowed) scored.push([candidate, distance]);
  }
  scored.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return scored.slice(0, count).map(([name]) => name);
}

/** The literal text before a glob's first wildcard, lower-cased; undefined when it has none or is too short. */
function literalStart(pattern: string): string | undefined {
  const at = pattern.search(/[*?[]/);
  if (at < 3) return undefined;
  return pattern.slice(0, at).toLowerCase();
}
