// RFC 6901 JSON Pointer: "" is the whole document, "/a/0" the first item of a, "~1" is "/"
// and "~0" is "~". Array indices are decimal without leading zeros; "-" names no element.

export type PointerResult = { found: true; value: unknown } | { found: false };

export function resolvePointer(document: unknown, pointer: string): PointerResult {
  if (pointer === '') return { found: true, value: document };
  if (!pointer.startsWith('/')) return { found: false };
  let current: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= current.length) return { found: false };
      current = current[Number(token)];
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}
