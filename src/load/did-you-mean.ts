// "Did you mean" for near misses: camelCase or kebab-case spellings of a snake_case
// field, a field written without its unit suffix (`timeout` -> `timeout_seconds`), a case
// slip, or a small edit distance (typos).
import { editDistance } from '../model/edit-distance.js';

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
