// Every pattern a user writes, fuzzed: CLI globs (the name selector), policy `where` and
// tag globs, `name_pattern` and a `schema:` rule's pattern, with the shapes that make a
// backtracking engine run for ever ((a+)+$, (a|a)*, (a|aa)+, *a*a*...*b, long runs of one
// letter) and random ones. Each pattern either is refused or answers, and each answer
// takes well under a second of CPU (the bound asserted is generous: measured in CPU time,
// so that a loaded machine does not make it flake).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namePatterns, firstUnmatched } from '../../src/model/name-select/select.js';
import { compilePolicy } from '../../src/policy/compile.js';
import { violationsOf } from '../../src/policy/evaluate.js';
import { compileLinear } from '../../src/policy/linear-regex.js';
import { schemaCompiler } from '../../src/policy/schema-rule.js';

const engines = { schema: schemaCompiler(compileLinear), regex: compileLinear };
const BOUND_MS = 1_000;

/** Runs `work` and asserts it took less than the bound in CPU time (user + system). */
function quick<T>(what: string, work: () => T): T {
  const before = process.cpuUsage();
  const result = work();
  const used = process.cpuUsage(before);
  expect((used.user + used.system) / 1000, what).toBeLessThan(BOUND_MS);
  return result;
}

const TEXTS = [
  'a'.repeat(60),
  `${'a'.repeat(36)}!`,
  `${'a'.repeat(5_000)}!`,
  'a'.repeat(20_000),
  `${'ab'.repeat(2_000)}c`,
  `${'x '.repeat(1_000)}!`,
];
const REGEXES = [
  '^(a+)+$',
  '(a|a)*$',
  '^(a|aa)+$',
  '(a*)*b',
  '^(\\w+\\s?)*$',
  '(.*a){12}',
  '^([a-z]+)*[0-9]$',
  '(a|b|ab)*c',
  '(?:a?){30}a{30}',
];
const GLOBS = [
  `${'*a'.repeat(14)}*b`,
  `${'*a'.repeat(100)}*b`,
  `${'?'.repeat(200)}*b`,
  `*${'a'.repeat(200)}*!b`,
  `${'*[a-z]'.repeat(30)}*!`,
  '*'.repeat(1_000),
];

/** Every place a regex reaches: name_pattern and a schema pattern (both through the policy). */
function regexAnswers(source: string, text: string): void {
  const compiled = compilePolicy(
    [
      { id: 'n', level: 'mandatory', require: { name_pattern: source } },
      { id: 's', level: 'advisory', schema: { properties: { name: { pattern: source } } } },
    ],
    engines,
  );
  violationsOf(
    compiled.rules.map((r) => r.rule),
    { name: text },
  );
}

/** Every place a glob reaches: the CLI's selector and policy where / tags. */
function globAnswers(glob: string, text: string): void {
  firstUnmatched(namePatterns([glob]), [text], [{ name: text, id: 'mon_1' }]);
  const compiled = compilePolicy(
    [{ id: 'w', level: 'mandatory', where: { name: glob, tags: [glob] }, require: { tags: [glob] } }],
    engines,
  );
  violationsOf(
    compiled.rules.map((r) => r.rule),
    { name: text, tags: text },
  );
}

describe('patterns never hang', () => {
  it('the catastrophic regexes answer at once wherever a regex reaches', () => {
    for (const source of REGEXES)
      for (const text of TEXTS) quick(`/${source}/ on ${text.length} characters`, () => regexAnswers(source, text));
  });

  it('the catastrophic globs answer at once wherever a glob reaches', () => {
    for (const glob of GLOBS)
      for (const text of TEXTS) quick(`${glob.slice(0, 20)}... on ${text.length}`, () => globAnswers(glob, text));
  });

  it('random regexes and globs answer (or are refused) at once', () => {
    const meta = fc.constantFrom(
      'a',
      'b',
      '(',
      ')',
      '+',
      '*',
      '?',
      '|',
      '[',
      ']',
      '^',
      '$',
      '\\',
      '1',
      '{',
      '3',
      '}',
      '.',
    );
    const text = fc.oneof(
      fc.constantFrom(...TEXTS),
      fc.string({ maxLength: 40 }),
      fc.nat({ max: 3_000 }).map((n) => `${'a'.repeat(n)}!`),
    );
    fc.assert(
      fc.property(fc.array(meta, { maxLength: 24 }), text, (chars, t) => {
        const source = chars.join('');
        quick(`/${source}/`, () => regexAnswers(source, t));
        quick(`glob ${source}`, () => globAnswers(source, t));
      }),
      { numRuns: 150 },
    );
  });
});
