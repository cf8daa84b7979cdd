// Whether a parsed YAML value is a mapping (not null, not a list): the test every part of
// the loader makes before it reads a key, in one place at the bottom so that none of them
// imports a check or an expansion for it.
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
