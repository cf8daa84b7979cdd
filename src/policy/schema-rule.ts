// The `schema:` escape hatch: a rule's JSON Schema (draft-07) compiled with ajv, which is
// loaded only when a rule has one (the loader's own checks are compiled ahead of time).
// Its `pattern` and `patternProperties` run in linear time: on V8 when the pattern's shape
// allows no long backtracking (backtrack-free.ts), else on re2js (linear-regex.ts).
import { Ajv, type ErrorObject } from 'ajv';
import { backtrackFreeRegExp } from './backtrack-free.js';
import { PASS } from './requirements.js';
import type { Finding, RegexCompiler, SchemaCompiler } from './types.js';

/** A pattern the engine cannot run (thrown through ajv.compile). */
class UnsupportedRegex extends Error {
  constructor(
    readonly pattern: string,
    reason: string,
  ) {
    super(`${JSON.stringify(pattern)} ${reason}`);
  }
}

/** ajv's `code.regExp`: V8 for a backtrack-free pattern, else the linear-time engine (loaded when a rule needs it). */
function engineOf(regex: RegexCompiler | undefined) {
  const engine = (pattern: string): { test: (text: string) => boolean } => {
    const fast = backtrackFreeRegExp(pattern);
    if (fast) return fast;
    const made = regex?.(pattern) ?? { error: 'cannot be run: no regular expression engine was loaded' };
    if ('error' in made) throw new UnsupportedRegex(pattern, made.error);
    // ajv keys its compiled patterns by toString: two patterns must never share one.
    return { test: made.test, toString: () => `re2js:${pattern}` } as { test: (text: string) => boolean };
  };
  return Object.assign(engine, { code: 'monitors-linear-regex' });
}

export function schemaCompiler(regex?: RegexCompiler): SchemaCompiler {
  // No meta-schema check (compiling draft-07's own schema costs more than the rules): ajv
  // still refuses a keyword of the wrong type or unknown to it, a bad pattern or $ref.
  const ajv = new Ajv({
    allErrors: true,
    validateSchema: false,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allowUnionTypes: true,
    code: { regExp: engineOf(regex) },
  });
  return (schema) => {
    try {
      const validate = ajv.compile(schema);
      return { validate: (value) => (validate(value) ? PASS : (validate.errors ?? []).map(findingOf)) };
    } catch (error) {
      if (error instanceof UnsupportedRegex) return { error: error.message, pattern: error.pattern };
      return { error: (error as Error).message };
    }
  };
}

/** The field at fault is the first segment of the error's path (a required one: the property it names, missing). */
function findingOf(e: ErrorObject): Finding {
  const segments = e.instancePath.split('/').slice(1);
  const field = segments[0]?.replace(/~1/g, '/').replace(/~0/g, '~');
  if (field === undefined) {
    const missing = e.keyword === 'required' ? (e.params as { missingProperty?: string }).missingProperty : undefined;
    return {
      field: undefined,
      message: missing ? `${missing} must be set (schema)` : `the monitor ${e.message ?? 'is refused'} (schema)`,
    };
  }
  const label = segments.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
  return { field, message: `${label} ${e.message ?? 'is refused'} (schema)` };
}
