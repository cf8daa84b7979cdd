// The users' regular expressions (name_pattern, a schema: rule's pattern and
// patternProperties) run on the linear-time engine: a pattern that backtracks for ever in
// V8 answers at once, and what RE2 cannot run is refused where it is written, saying what
// to write instead.
import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../../src/policy/compile.js';
import { violationsOf } from '../../src/policy/evaluate.js';
import { compileLinear, fromEcmaScript } from '../../src/policy/linear-regex.js';
import { schemaCompiler } from '../../src/policy/schema-rule.js';

const engines = { schema: schemaCompiler(), regex: compileLinear };
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
