// A js-yaml schema that resolves plain scalars exactly like `yaml`'s YAML 1.2 core
// schema (same regexes, same constructors, in the same order), so that the fast parser
// and the exact parser agree on what a file means: `yes`/`on` stay strings, `0o17` is
// octal, `0b1`, `1_000` and timestamps stay strings, and there is no `<<` merge key.
import jsyaml from 'js-yaml';

const scalar = (tag: string, test: (s: string) => boolean, construct: (s: string) => unknown): jsyaml.Type =>
  new jsyaml.Type(tag, {
    kind: 'scalar',
    resolve: (data: unknown) => typeof data === 'string' && test(data),
    construct: (data: string) => construct(data),
  });

const nullType = new jsyaml.Type('tag:yaml.org,2002:null', {
  kind: 'scalar',
  resolve: (data: unknown) =>
    data === null || (typeof data === 'string' && data.length <= 4 && /^(?:~|[Nn]ull|NULL)?$/.test(data)),
  construct: () => null,
});

// js-yaml keeps one implicit type per tag, so each tag's alternatives are combined here.
const INT_OCT = /^0o[0-7]+$/;
const INT_DEC = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

// Every plain scalar is tried against each type: a first-character check keeps words cheap.
const numeric = (s: string): boolean => {
  const c = s.charCodeAt(0);
  return (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46; // 0-9 + - .
};

const intType = scalar(
  'tag:yaml.org,2002:int',
  (s) => numeric(s) && (INT_DEC.test(s) || INT_OCT.test(s) || INT_HEX.test(s)),
  (s) =>
    INT_OCT.test(s) ? parseInt(s.substring(2), 8) : INT_HEX.test(s) ? parseInt(s.substring(2), 16) : parseInt(s, 10),
);

const floatType = scalar(
  'tag:yaml.org,2002:float',
  (s) => numeric(s) && (FLOAT.test(s) || FLOAT_EXP.test(s) || FLOAT_NAN.test(s)),
  (s) =>
    FLOAT_NAN.test(s)
      ? s.slice(-3).toLowerCase() === 'nan'
        ? NaN
        : s[0] === '-'
          ? -Infinity
          : Infinity
      : parseFloat(s),
);

const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const boolType = scalar(
  'tag:yaml.org,2002:bool',
  (s) => (s.length === 4 || s.length === 5) && BOOL.test(s),
  (s) => s[0] === 't' || s[0] === 'T',
);

// Same order as yaml's core schema: null, bool, int (oct, dec, hex), float (nan, exp, plain).
const implicit = [nullType, boolType, intType, floatType];

export const YAML_CORE_SCHEMA = jsyaml.FAILSAFE_SCHEMA.extend({ implicit });
