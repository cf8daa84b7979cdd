// Every "did you mean" of the tool, in one place: for fields and keys (camelCase or
// kebab-case spellings of a snake_case field, a field without its unit suffix, `timeout` ->
// `timeout_seconds`, a case slip, a typo), for names of environments, vars and policy rules,
// and for monitor names and globs (`--target`, `--replace`, `--name`, `removed:`), for
// options and commands, paths, annotation keys and reference kinds. The only file that imports
// the edit distance (tests/architecture/one-place.test.ts): every suggestion is chosen here.
import { editDistance } from './edit-distance.js';

/** The edits a word may be from what it is taken to mean: a quarter of its length, at least one. */
export const allowedEdits = (word: string): number => Math.max(1, Math.floor(word.length / 4));

export interface NearOptions<T> {
  /** How a candidate is spelled for the comparison (default: the candidate itself). */
  spelled?: (candidate: T) => string;
  /** Compare lower-cased (the edits allowed still count the word as typed). */
  ignoreCase?: boolean;
  /** Default: allowedEdits(word). */
  maxEdits?: number;
}

function distanceTo<T>(word: string, options: NearOptions<T>): (candidate: T) => number {
  const spelled = options.spelled ?? String;
  const fold = options.ignoreCase ? (s: string) => s.toLowerCase() : (s: string) => s;
  const typed = fold(word);
  return (candidate) => editDistance(typed, fold(spelled(candidate)));
}

/** The first of the candidates nearest to `word` in edits, when it is within reach. */
export function nearest<T>(word: string, candidates: Iterable<T>, options: NearOptions<T> = {}): T | undefined {
  const distance = distanceTo(word, options);
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return bestDistance <= (options.maxEdits ?? allowedEdits(word)) ? best : undefined;
}

/** The candidates within reach of `word`, in their order. */
export function withinReach<T>(word: string, candidates: Iterable<T>, options: NearOptions<T> = {}): T[] {
  const distance = distanceTo(word, options);
  const allowed = options.maxEdits ?? allowedEdits(word);
  return [...candidates].filter((candidate) => distance(candidate) <= allowed);
}

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
  return nearest(normal, candidates);
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

/**
 * Up to `count` candidates closest to `word`, nearest first (ties by name): for a name that
 * names nothing, the names it most likely meant. Only those within a quarter of the word's
 * length in edits (one for short words), so an unrelated name is never offered.
 */
export function closestNames(word: string, candidates: Iterable<string>, count = 3): string[] {
  const allowed = allowedEdits(word);
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
