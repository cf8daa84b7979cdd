// "Did you mean" for near misses: camelCase or kebab-case spellings of a snake_case
// field, a field written without its unit suffix (`timeout` -> `timeout_seconds`), a case
// slip, or a small edit distance (typos).
import { editDistance } from '../../model/edit-distance.js';

export { editDistance };

const snake = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();

/** The candidate the user most likely meant, or undefined when none is close. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const normal = snake(word);
  const exact = candidates.find((c) => c === normal || c.toLowerCase() === word.toLowerCase());
  if (exact) return exact;
  const prefixed = candidates.filter((c) => c.startsWith(`${normal}_`));
  if (prefixed.length === 1) return prefixed[0];
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(normal, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(1, Math.floor(normal.length / 4));
  return bestDistance <= allowed ? best : undefined;
}

export function didYouMean(word: string, candidates: readonly string[]): string {
  const match = closest(word, candidates);
  return match ? `; did you mean "${match}"?` : '';
}

/**
 * The name (of an environment, say) the user most likely meant: a near spelling, else the
 * only one it starts, shares its first four letters with (`stage`: `staging`), or
 * abbreviates (`prd`: `production`, `stg`: `staging`).
 */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  const near = closest(word, candidates);
  if (near) return near;
  const w = word.toLowerCase();
  const only = (test: (c: string) => boolean) => {
    const found = candidates.filter((c) => test(c.toLowerCase()));
    return found.length === 1 ? found[0] : undefined;
  };
  if (w.length < 2) return undefined;
  return (
    only((c) => c.startsWith(w)) ??
    (w.length >= 4 ? only((c) => c.startsWith(w.slice(0, 4))) : undefined) ??
    only((c) => c[0] === w[0] && isSubsequence(w, c))
  );
}

function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (const c of long) if (c === short[i]) i += 1;
  return i === short.length;
}
