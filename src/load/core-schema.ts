// A js-yaml schema that resolves plain scalars exactly like `yaml`'s YAML 1.2 core
// schema (same regexes, same constructors, in the same order), so that the fast parser
// and the exact parser agree on what a file means: `yes`/`on` stay strings, `0o17` is
// octal, `0b1`, `1_000` and timestamps stay strings, and there is no `<<` merge key.
import jsyaml from 'js-yaml';

// Plain functions, not closures over a shared helper: js-yaml calls them for every plain
// scalar, and a direct call costs less.
function resolveNull(data: unknown): boolean {
  return data === null || (typeof data === 'string' && data.length <= 4 && NULL.test(data));
}

function resolveBool(data: unknown): boolean {
  return typeof data === 'string' && (data.length === 4 || data.length === 5) && BOOL.test(data);
}

function resolveInt(data: unknown): boolean {
  return typeof data === 'string' && numeric(data) && (INT_DEC.test(data) || INT_OCT.test(data) || INT_HEX.test(data));
}

function constructInt(s: string): number {
  return INT_OCT.test(s)
    ? parseInt(s.substring(2), 8)
    : INT_HEX.test(s)
      ? parseInt(s.substring(2), 16)
      : parseInt(s, 10);
}

function resolveFloat(data: unknown): boolean {
  return (
    typeof data === 'string' && numeric(data) && (FLOAT.test(data) || FLOAT_EXP.test(data) || FLOAT_NAN.test(data))
  );
}

function constructFloat(s: string): number {
  if (!FLOAT_NAN.test(s)) return parseFloat(s);
  return s.slice(-3).toLowerCase() === 'nan' ? NaN : s[0] === '-' ? -Infinity : Infinity;
}

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
// js-yaml keeps one implicit type per tag, so each tag's alternatives are combined here.
const INT_OCT = /^0o[0-7]+$/;
const INT_DEC = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

// Every plain scalar is tried against each type: a first-character check keeps words cheap.
function numeric(s: string): boolean {
  const c = s.charCodeAt(0);
  return (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46; // 0-9 + - .
}

const scalar = (tag: string, resolve: (data: unknown) => boolean, construct: (data: string) => unknown) =>
  new jsyaml.Type(tag, { kind: 'scalar', resolve, construct });

// Same order as yaml's core schema: null, bool, int (oct, dec, hex), float (nan, exp, plain).
const implicit = [
  scalar('tag:yaml.org,2002:null', resolveNull, () => null),
  scalar('tag:yaml.org,2002:bool', resolveBool, (s) => s[0] === 't' || s[0] === 'T'),
  scalar('tag:yaml.org,2002:int', resolveInt, constructInt),
  scalar('tag:yaml.org,2002:float', resolveFloat, constructFloat),
];

export const YAML_CORE_SCHEMA = jsyaml.FAILSAFE_SCHEMA.extend({ implicit });
