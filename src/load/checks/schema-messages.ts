// Turns ajv errors into problems with a path and a message a person can act on. Values
// are never echoed (they may be resolved secrets); field names and allowed values are.
import type { ErrorObject } from 'ajv';
import { didYouMean } from '../../model/did-you-mean.js';
import type { PathSegment, Target } from '../values/yaml-path.js';
import { fieldLabel, pointerSegments } from '../values/problem.js';

export interface SchemaProblem {
  /** Path relative to the validated value. */
  path: PathSegment[];
  target: Target;
  code: string;
  message: string;
}

/** Known keys of the object at `path` (relative to the validated value), for "did you mean". */
export type CandidatesAt = (path: readonly PathSegment[]) => readonly string[];

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  null: 'null',
};

/**
 * `validated`: the value the error's validator was given; the offending value is read from
 * it at the error's path (the validators are compiled without ajv's `verbose`, which would
 * keep it on every error at the cost of a quarter more code to compile at each start).
 * `fromReference`: the value came from a ${env:NAME} reference (so it is text, whatever was meant).
 */
export function schemaProblem(
  error: ErrorObject,
  validated: unknown,
  candidatesAt: CandidatesAt,
  labelFrom = 0,
  fromReference = false,
): SchemaProblem {
  const at = pointerSegments(error.instancePath);
  const data = valueAt(validated, at);
  const label = fieldLabel(at.slice(labelFrom)) || 'this entry';
  const p = error.params as Record<string, unknown>;
  const code = `schema.${error.keyword}`;
  switch (error.keyword) {
    case 'required':
      return { path: at, target: 'value', code, message: `missing required field "${String(p.missingProperty)}"` };
    case 'additionalProperties': {
      const key = String(p.additionalProperty);
      return {
        path: [...at, key],
        target: 'key',
        code,
        message: unknownFieldMessage(key, candidatesAt(at), at.length === 1 && at[0] === 'defaults'),
      };
    }
    case 'type':
      return {
        path: at,
        target: 'value',
        code,
        message: `${label} must be ${String(p.type)
          .split(',')
          .map((t) => TYPE_WORDS[t] ?? t)
          .join(' or ')}${fromReference ? REFERENCE_HINT : typeHint(String(p.type), data, label)}`,
      };
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).filter((v) => v !== null);
      const list = allowed.map((v) => JSON.stringify(v)).join(', ');
      const hint = typeof data === 'string' ? didYouMean(data, allowed.map(String)) : '';
      return {
        path: at,
        target: 'value',
        code,
        message: `${label} must be one of: ${list}${(p.allowedValues as unknown[]).includes(null) ? ', or null' : ''}${hint}`,
      };
    }
    case 'minimum':
      return { path: at, target: 'value', code, message: `${label} must be at least ${String(p.limit)}` };
    case 'maximum':
      return { path: at, target: 'value', code, message: `${label} must be at most ${String(p.limit)}` };
    case 'minLength':
      return {
        path: at,
        target: 'value',
        code,
        message: `${label} must be at least ${String(p.limit)} characters long`,
      };
    case 'maxLength':
      return {
        path: at,
        target: 'value',
        code,
        message: `${label} must be at most ${String(p.limit)} characters long`,
      };
    case 'pattern':
      return { path: at, target: 'value', code, message: patternMessage(label, String(p.pattern)) };
    default:
      return { path: at, target: 'value', code, message: `${label} ${error.message ?? 'is not valid'}` };
  }
}

/** The value at `path` inside `value` (undefined where there is none). */
function valueAt(value: unknown, path: readonly PathSegment[]): unknown {
  let here = value;
  for (const segment of path) {
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, segment)) return undefined;
    here = (here as Record<string | number, unknown>)[segment];
  }
  return here;
}

const REFERENCE_HINT = ' (a ${env:NAME} reference always gives text; write this value in the file)';

/** The usual slips behind a type error, named without echoing the value (it may be a secret). */
function typeHint(expected: string, data: unknown, label: string): string {
  const wants = expected.split(',');
  if (wants.includes('boolean') && typeof data === 'string' && /^(y|yes|n|no|on|off|true|false)$/i.test(data)) {
    return ' (YAML 1.2 reads yes/no/on/off and quoted words as text: write true or false, without quotes)';
  }
  if (
    (wants.includes('integer') || wants.includes('number')) &&
    typeof data === 'string' &&
    /^\s*-?\d+(\.\d+)?\s*$/.test(data)
  )
    return ' (write the number without quotes)';
  if (wants.includes('integer') && typeof data === 'number') return ' (a whole number)';
  if (label.endsWith('tags') && Array.isArray(data))
    return ' (for a list of labels, write them comma-separated: "a, b")';
  return '';
}

function unknownFieldMessage(key: string, candidates: readonly string[], inDefaults: boolean): string {
  if (key === '<<') return "YAML merge keys (<<) are not supported; put shared fields under the file's defaults:";
  if (key === 'name' && inDefaults) return 'name cannot be a default: each monitor needs its own name';
  return `unknown field "${key}"${didYouMean(key, candidates)}`;
}

function patternMessage(label: string, pattern: string): string {
  if (pattern === '^[A-Fa-f0-9]*$') return `${label} must contain only hexadecimal digits (0-9, a-f, A-F)`;
  if (pattern.startsWith('^[0-9A-HJKMNP-TV-Z]'))
    return `${label} must be a 26-character monitor id (digits and capital letters except I, L, O, U)`;
  return `${label} must match the pattern ${pattern}`;
}
