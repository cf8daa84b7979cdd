// Live values are text, but the YAML loader reads `${env:NAME}`, `${var.NAME}` and
// `${each.KEY}` in any string as references (src/load/env.ts, src/load/expand). A live
// name, URL or header holding such text would be replaced on load (or be an error), so
// export writes the escape `$${...}`, which the loader turns back into the literal text.

/** The loader's reference syntax, escaped or not: `$` or `$$`, then `{env:...}`, `{var....}` or `{each....}`. */
const REFERENCE_TEXT = /\$\{(?:env:|var\.|each\.)[^}]*\}/g;

/** A string the loader reads back as exactly `text`. */
export function escapeEnvReferences(text: string): string {
  return text.replace(REFERENCE_TEXT, (reference) => `$${reference}`);
}

/** Escapes every string of an exported value (lists included). */
export function escapeEnvInValue(value: unknown): unknown {
  if (typeof value === 'string') return escapeEnvReferences(value);
  if (Array.isArray(value)) return value.map(escapeEnvInValue);
  return value;
}
