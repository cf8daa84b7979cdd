// The built-in `require:` keys, each made once into a check of one monitor. A check names
// the field at fault, or none when the field is missing (the monitor's line is pointed at).
// The shape of each value is the file schema's (src/schema/policy-schema.ts); what a schema
// cannot say (a glob or a regex that does not compile) is reported here.
import { backtrackFreeRegExp } from './backtrack-free.js';
import { namePattern as parseNamePattern, type NamePattern } from '../model/name-select/pattern.js';
import type { Finding, PolicySubject, RegexCompiler, Requirement, RulePath, RuleProblem } from './types.js';

type Build = (
  value: unknown,
  at: RulePath,
  problems: RuleProblem[],
  regex: RegexCompiler | undefined,
) => Requirement | undefined;

/** What a passing check returns: one shared empty list (a check runs for every monitor and rule). */
export const PASS: Finding[] = Object.freeze([]) as unknown as Finding[];

const quote = (text: string) => JSON.stringify(text);
const isSet = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
const fieldAt = (input: PolicySubject['input'], field: string) => (isSet(input[field]) ? field : undefined);
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** A glob, parsed (src/model/name-select/); a problem at `at` when it is not a valid one. */
export function compileGlob(glob: unknown, at: RulePath, problems: RuleProblem[]): NamePattern | undefined {
  if (typeof glob !== 'string') return undefined;
  const pattern = parseNamePattern(glob);
  if (pattern.invalid === undefined) return pattern;
  problems.push({
    path: at,
    code: 'policy.rule.glob',
    message: `${quote(glob)} is not a valid glob (${pattern.invalid}); write * for any text, ? for one character, [a-z] for one of a range`,
  });
  return undefined;
}

const tags: Build = (value, at, problems) => {
  const globs = asList(value).flatMap((g, i) => {
    const re = compileGlob(g, [...at, i], problems);
    return re ? [{ text: g as string, re }] : [];
  });
  return (subject) => {
    let out: Finding[] = PASS;
    for (const glob of globs) {
      if (subject.labels.some((label) => glob.re.matchesNfc(label))) continue;
      if (out === PASS) out = [];
      out.push({
        field: fieldAt(subject.input, 'tags'),
        message: `no label of tags matches ${quote(glob.text)}`,
      });
    }
    return out;
  };
};

const minLocations: Build = (value) => {
  if (typeof value !== 'number') return undefined;
  return ({ input }) => {
    const count = Array.isArray(input.locations) ? new Set(input.locations).size : 0;
    if (count >= value) return PASS;
    const has = count === 0 ? 'no location' : `${count} location${count === 1 ? '' : 's'}`;
    return [{ field: fieldAt(input, 'locations'), message: `locations names ${has}; at least ${value} are required` }];
  };
};

const maxInterval: Build = (value) => {
  if (typeof value !== 'number') return undefined;
  return ({ input }) =>
    typeof input.interval_seconds === 'number' && input.interval_seconds > value
      ? [
          {
            field: 'interval_seconds',
            message: `interval_seconds is ${input.interval_seconds}; at most ${value} is allowed`,
          },
        ]
      : [];
};

const namePattern: Build = (value, at, problems, regex) => {
  if (typeof value !== 'string') return undefined;
  const re = backtrackFreeRegExp(value) ??
    regex?.(value) ?? { error: 'cannot be run: no regular expression engine was loaded' };
  if ('error' in re) {
    problems.push({ path: at, code: 'policy.rule.regex', message: `name_pattern ${quote(value)} ${re.error}` });
    return undefined;
  }
  return ({ input }) =>
    typeof input.name === 'string' && !re.test(input.name)
      ? [{ field: 'name', message: `name ${quote(input.name)} does not match /${value}/` }]
      : PASS;
};

/** `types` and `execution_mode`: the field's value is one of those listed. */
const oneOf =
  (field: string, what: string): Build =>
  (value) => {
    const allowed = asList(value).filter((v): v is string => typeof v === 'string');
    return ({ input }) => {
      const actual = input[field];
      if (typeof actual !== 'string' || allowed.includes(actual)) return PASS;
      return [{ field, message: `${what} ${actual} is not allowed; allowed: ${allowed.join(', ')}` }];
    };
  };

const fields: Build = (value) => {
  const required = asList(value).filter((v): v is string => typeof v === 'string');
  return ({ input }) => {
    let out: Finding[] = PASS;
    for (const field of required) {
      if (isSet(input[field])) continue;
      if (out === PASS) out = [];
      out.push({ field: Object.hasOwn(input, field) ? field : undefined, message: `${field} must be set` });
    }
    return out;
  };
};

/** Each built-in key of `require:`; docs/policy.md says what each means. */
export const REQUIREMENTS: Readonly<Record<string, Build>> = {
  tags,
  min_locations: minLocations,
  max_interval_seconds: maxInterval,
  name_pattern: namePattern,
  types: oneOf('type', 'type'),
  fields,
  execution_mode: oneOf('execution_mode', 'execution_mode'),
};
