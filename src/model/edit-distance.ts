// The edit distance the "did you mean" suggestions of did-you-mean.ts rest on.

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
