// Live values are text, but the YAML loader reads `${env:NAME}` in any string as a
// reference (src/load/env.ts). A live name, URL or header holding that text would be
// replaced by an environment value on load (or be an error), so export writes the escape
// `$${env:...}`, which the loader turns back into the literal text.

/** The loader's reference syntax, escaped or not: `$` or `$$`, then `{env:...}`. */
const REFERENCE_TEXT = /\$\{env:[^}]*\}/g;

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
