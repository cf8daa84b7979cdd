// The users' regular expressions (name_pattern, a schema: rule's pattern and
// patternProperties) run on the linear-time engine: a pattern that backtracks for ever in
// V8 answers at once, and what RE2 cannot run is refused where it is written, saying what
// to write instead.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backtrackFree, backtrackFreeRegExp } from '../../src/policy/backtrack-free.js';
import { compilePolicy, needsRegexCompiler } from '../../src/policy/compile.js';
import { violationsOf } from '../../src/policy/evaluate.js';
import { compileLinear, fromEcmaScript } from '../../src/policy/linear-regex.js';
import { schemaCompiler } from '../../src/policy/schema-rule.js';

const engines = { schema: schemaCompiler(compileLinear), regex: compileLinear };
const evil = `${'a'.repeat(36)}!`;

function findings(rule: Record<string, unknown>, input: Record<string, unknown>) {
  const compiled = compilePolicy([{ id: 'r', level: 'mandatory', ...rule }], engines);
  expect(compiled.problems).toEqual([]);
  return violationsOf(
    compiled.rules.map((r) => r.rule),
    input,
  ).map((v) => v.finding.message);
}

function problems(rule: Record<string, unknown>) {
  return compilePolicy([{ id: 'r', level: 'mandatory', ...rule }], engines).problems.map((p) => ({
    at: p.path.join('.'),
    code: p.code,
    message: p.message,
  }));
}

describe('regular expressions of the policy', () => {
  it('answer at once where a backtracking engine would not (name_pattern and schema pattern)', () => {
    expect(findings({ require: { name_pattern: '^(a+)+$' } }, { name: evil })).toEqual([
      `name "${evil}" does not match /^(a+)+$/`,
    ]);
    expect(findings({ require: { name_pattern: '^(a|aa)+$' } }, { name: 'a'.repeat(50_000) })).toEqual([]);
    const schema = {
      properties: { name: { pattern: '^(a|a)*$' }, tags: { pattern: '^(\\w+\\s?)*$' } },
      patternProperties: { '^(x+x+)+y$': { type: 'string' } },
    };
    const input = { name: evil, tags: `${'word '.repeat(20)}!`, [`${'x'.repeat(40)}`]: 1 };
    expect(findings({ schema }, input)).toHaveLength(2);
  });

  it('keep two patterns of one schema apart', () => {
    const schema = { properties: { name: { pattern: '^a' }, url: { pattern: '^b' } } };
    expect(findings({ schema }, { name: 'a', url: 'b' })).toEqual([]);
    expect(findings({ schema }, { name: 'b', url: 'a' })).toHaveLength(2);
  });

  it('read ECMAScript escapes of code points as RE2 writes them', () => {
    expect(fromEcmaScript('\\u00e9\\u{1F600}\\\\u0041')).toBe('\\x{00e9}\\x{1F600}\\\\u0041');
    expect(findings({ require: { name_pattern: '^caf\\u00e9' } }, { name: 'café' })).toEqual([]);
    expect(findings({ require: { name_pattern: '^\\p{Lu}' } }, { name: 'Émile' })).toEqual([]);
  });

  it('refuse a backreference or a lookaround at the pattern, saying what to write instead', () => {
    expect(problems({ require: { name_pattern: '^(ab)\\1$' } })).toEqual([
      {
        at: 'policy.0.require.name_pattern',
        code: 'policy.rule.regex',
        message: expect.stringMatching(/^name_pattern "\^\(ab\)\\\\1\$" uses a backreference.*\(ab\)ab rather than/),
      },
    ]);
    expect(problems({ require: { name_pattern: 'a(?!b)' } })[0]?.message).toMatch(/lookahead or lookbehind/);
    expect(problems({ require: { name_pattern: '(?<=a)b' } })[0]?.message).toMatch(/lookahead or lookbehind/);
    expect(problems({ schema: { properties: { tags: { items: [{ pattern: '(x)\\1' }] } } } })).toEqual([
      {
        at: 'policy.0.schema.properties.tags.items.0.pattern',
        code: 'policy.rule.regex',
        message: expect.stringMatching(/^"\(x\)\\\\1" uses a backreference/),
      },
    ]);
    expect(problems({ schema: { patternProperties: { '(?=x)': { type: 'string' } } } })).toMatchObject([
      { at: 'policy.0.schema.patternProperties.(?=x)', code: 'policy.rule.regex' },
    ]);
    expect(problems({ require: { name_pattern: '([a-z' } })[0]?.message).toMatch(
      /is not a regular expression RE2 runs \(missing closing \]/,
    );
  });
});

describe('the patterns V8 runs itself (backtrack-free.ts)', () => {
  it('are the anchored runs with a disjoint, mandatory atom after each variable one', () => {
    for (const source of [
      '^svc-[0-9]+-[0-9]+ [a-z]+$',
      '^[a-z0-9-]+: ',
      '^api\\.v[0-9]{1,3}$',
      '^[a-z]+_\\d*$',
      '^\\w+-',
      '^[^:]+: ',
    ])
      expect(backtrackFree(source), source).toBe(true);
    for (const source of [
      '^(a+)+$',
      '^a+a+$',
      '^a*a?b',
      'svc-[0-9]+$',
      '^[a-z]+[a-z0-9]+$',
      '^a+b*c',
      '^.+x',
      '^\\s+x',
      '^a{1001}',
    ])
      expect(backtrackFree(source), source).toBe(false);
  });

  it('leave re2js unloaded only when every pattern runs on V8 (one V8 refuses needs it too)', () => {
    const rules = (name_pattern: string, pattern = '^a') => [
      { id: 'n', level: 'mandatory', require: { name_pattern } },
      { id: 's', level: 'mandatory', schema: { properties: { url: { pattern } } } },
    ];
    expect(needsRegexCompiler(rules('^svc-[0-9]+$'))).toBe(false);
    expect(needsRegexCompiler(rules('^a\\-b'))).toBe(true); // RE2 reads \- outside brackets, V8's u mode does not
    expect(needsRegexCompiler(rules('^a', '(a+)+$'))).toBe(true);
    expect(findings({ require: { name_pattern: '^a\\-b' } }, { name: 'a-b' })).toEqual([]);
  });

  it('mean in V8 what they mean in RE2, on random patterns of that shape and random names', () => {
    const atom = fc.constantFrom(
      'a',
      'b',
      '-',
      '[a-]',
      '[-b]',
      '\\d',
      '\\w',
      '\\W',
      '[a-c]',
      '[^b]',
      '[0-9_]',
      '\\.',
      'é',
      '😀',
    );
    const count = fc.constantFrom('', '', '?', '*', '+', '{2}', '{1,3}', '{2,}');
    const name = fc.array(fc.constantFrom('a', 'b', 'c', '-', '1', '_', '.', 'é', '😀', ' '), { maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.tuple(atom, count), { maxLength: 5 }), fc.boolean(), name, (parts, end, chars) => {
        const source = `^${parts.map(([a, c]) => a + c).join('')}${end ? '$' : ''}`;
        const fast = backtrackFreeRegExp(source);
        if (!fast) return;
        const slow = compileLinear(source);
        if ('error' in slow) throw new Error(`${source}: ${slow.error}`);
        expect(fast.test(chars.join('')), source).toBe(slow.test(chars.join('')));
      }),
      { numRuns: 300 },
    );
  });
});
