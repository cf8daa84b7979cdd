// A js-yaml schema that resolves plain scalars exactly like `yaml`'s YAML 1.2 core
// schema (same regexes, same constructors, in the same order), so that the fast parser
// and the exact parser agree on what a file means: `yes`/`on` stay strings, `0o17` is
// octal, `0b1`, `1_000` and timestamps stay strings, and there is no `<<` merge key.
//
// One implicit type resolves all four kinds (null, bool, int, float), choosing by the first
// character: js-yaml asks every implicit type in turn about every plain scalar, keys
// included, and four calls per scalar were a fifth of the parse on a corpus of 10,000
// monitors. The fast path declines every explicit tag (fast-parse.ts), so the type's tag
// names only what an implicit scalar resolved to.
import jsyaml from 'js-yaml';

const INT_OCT = /^0o[0-7]+$/;
const INT_DEC = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** No core type claims the scalar: it stays a string. */
const TEXT = Symbol('text');

/**
 * What a plain scalar means in the core schema, in yaml's order: null, bool, int (octal,
 * decimal, hexadecimal), float (nan and infinities, exponent, plain).
 */
export function coreScalar(data: string | null): unknown {
  if (data === null || data === '') return null;
  const c = data.charCodeAt(0);
  if (c === 0x7e /* ~ */ || c === 0x6e /* n */ || c === 0x4e /* N */)
    return data === '~' || data === 'null' || data === 'Null' || data === 'NULL' ? null : TEXT;
  if (c === 0x74 /* t */ || c === 0x54 /* T */) return data === 'true' || data === 'True' || data === 'TRUE' || TEXT;
  if (c === 0x66 /* f */ || c === 0x46 /* F */)
    return data === 'false' || data === 'False' || data === 'FALSE' ? false : TEXT;
  // Every int and float starts with a digit, a sign or a dot.
  if (!((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e)) return TEXT;
  if (INT_OCT.test(data)) return parseInt(data.substring(2), 8);
  if (INT_DEC.test(data)) return parseInt(data, 10);
  if (INT_HEX.test(data)) return parseInt(data.substring(2), 16);
  if (FLOAT_NAN.test(data))
    return data.slice(-3).toLowerCase() === 'nan' ? NaN : data[0] === '-' ? -Infinity : Infinity;
  if (FLOAT_EXP.test(data) || FLOAT.test(data)) return parseFloat(data);
  return TEXT;
}

// js-yaml calls construct right after resolve said yes, with the same text: resolve keeps
// its answer for it.
let resolvedText: string | null = null;
let resolvedValue: unknown;

const implicit = new jsyaml.Type('tag:monitors-as-code.dev,2026:core-scalar', {
  kind: 'scalar',
  resolve: (data: string | null): boolean => {
    const value = coreScalar(data);
    if (value === TEXT) return false;
    resolvedText = data;
    resolvedValue = value;
    return true;
  },
  construct: (data: string | null): unknown => (data === resolvedText ? resolvedValue : coreScalar(data)),
});

export const YAML_CORE_SCHEMA = jsyaml.FAILSAFE_SCHEMA.extend({ implicit: [implicit] });
