// Live values are text, but the YAML loader reads every `${` in a string as the start of a
// reference (src/model/reference-syntax.ts): `${env:NAME}`, `${var.NAME}`, `${each.KEY}`,
// and anything else is an error. A live name, URL or header holding `${` would be replaced
// on load, or refused, so export writes the escape `$${`, which the loader turns back into
// the literal text.

/** A string the loader reads back as exactly `text`: each `${` written `$${`. */
export function escapeEnvReferences(text: string): string {
  // A function, not the string '$${': in a replacement string `$$` means one `$`.
  return text.replaceAll('${', () => '$${');
}

/** Escapes every string of an exported value (lists included). */
export function escapeEnvInValue(value: unknown): unknown {
  if (typeof value === 'string') return escapeEnvReferences(value);
  if (Array.isArray(value)) return value.map(escapeEnvInValue);
  return value;
}
