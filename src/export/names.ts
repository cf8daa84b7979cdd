// Stable, unique names derived from user text: file names for groups, environment
// variable names for write-only secrets. Same input, same names, in any listing order.

/** `Shop API (EU)` -> `shop-api-eu`; '' when nothing usable is left. */
export function fileSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** `Shop API (EU)` -> `SHOP_API_EU`: fits `${env:NAME}` (letters, digits, underscore). */
export function envSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60)
    .replace(/_+$/, '');
}

/**
 * Gives each wanted name a unique one: the first (in the given order) keeps it, later
 * ones get `<name><sep>2`, `<name><sep>3`... Callers pass a sorted list for stability.
 * Names in `taken` (already in use elsewhere) are never given.
 */
export function uniqueNames(wanted: readonly string[], separator: string, taken: Iterable<string> = []): string[] {
  const used = new Set<string>(taken);
  return wanted.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = `${name}${separator}${n}`;
    used.add(candidate);
    return candidate;
  });
}
