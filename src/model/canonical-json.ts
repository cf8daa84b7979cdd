/**
 * JSON with object keys sorted at every level: equal values give equal text. Exactly
 * JSON.stringify of the value with its keys sorted (undefined members left out, an
 * undefined or function item as null), written in one pass: fingerprints make it for
 * every monitor of a plan, desired and live.
 */
export function canonicalJson(value: unknown): string {
  return write(value) as string;
}

/**
 * canonicalJson of an object holding only the members of `object` named in `keys`, which
 * are sorted as canonicalJson sorts them (code-unit order, no array-index names), without
 * building that object: fingerprints pick the monitor fields of every monitor this way.
 */
export function canonicalJsonPick(object: Readonly<Record<string, unknown>>, keys: readonly string[]): string {
  const members: string[] = [];
  for (const key of keys) {
    if (!Object.hasOwn(object, key)) continue;
    const member = write(object[key]);
    if (member !== undefined) members.push(`${write(key)}:${member}`);
  }
  return `{${members.join(',')}}`;
}

// Characters JSON.stringify escapes (quotes, backslash, controls, lone surrogates).
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map((item) => write(item) ?? 'null').join(',')}]`;
      return writeObject(value as Record<string, unknown>);
    case 'bigint':
      return JSON.stringify(value); // throws, as JSON.stringify does
    default:
      return undefined; // undefined, functions, symbols: left out, as JSON.stringify does
  }
}

// Parts joined, not appended one by one: the text comes out flat, where appending builds a
// rope of small pieces that takes ten times the memory (plan keeps one per live monitor).
function writeObject(object: Record<string, unknown>): string {
  const members: string[] = [];
  for (const key of sortedKeys(object)) {
    const member = write(object[key]);
    if (member !== undefined) members.push(`${write(key)}:${member}`);
  }
  return `{${members.join(',')}}`;
}

/**
 * Keys sorted, except that array-index keys ("0", "17") come first in numeric order: the
 * order JSON.stringify gave the sorted copy this replaces (a JavaScript object lists
 * such keys first), kept so that no fingerprint changes.
 */
function sortedKeys(object: Record<string, unknown>): string[] {
  const keys = Object.keys(object).sort();
  if (!keys.some(isIndex)) return keys;
  const indexes = keys.filter(isIndex).sort((a, b) => Number(a) - Number(b));
  return [...indexes, ...keys.filter((k) => !isIndex(k))];
}

const isIndex = (key: string) => {
  const first = key.charCodeAt(0);
  return first >= 48 && first <= 57 && /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;
};
