// Each kind of rule of src/policy/ over one monitor: the built-in require keys, where,
// schema, and the problems of rules that are themselves wrong.
import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../../src/policy/compile.js';
import { monitorRulesIn, violationMessage, violationsOf } from '../../src/policy/evaluate.js';
import { compileLinear } from '../../src/policy/linear-regex.js';
import { schemaCompiler } from '../../src/policy/schema-rule.js';

const engines = { schema: schemaCompiler(compileLinear), regex: compileLinear };

const monitor = {
  name: 'shop: cart',
  type: 'http',
  url: 'https://example.com/cart',
  interval_seconds: 300,
  execution_mode: 'multi_location',
  locations: ['eu-west', 'us-east'],
  tags: 'team:shop, tier:1',
  max_redirects: 3,
  group: null,
};

function check(rule: Record<string, unknown>, input: Record<string, unknown> = monitor) {
  const compiled = compilePolicy([{ id: 'r', level: 'mandatory', ...rule }], engines);
  expect(compiled.problems).toEqual([]);
  return violationsOf(
    compiled.rules.map((r) => r.rule),
    input,
  ).map((v) => [v.finding.field ?? '(monitor)', v.finding.message]);
}

describe('require: keys', () => {
  it('tags: each glob matches a label of the comma-separated tags', () => {
    expect(check({ require: { tags: ['team:*', 'tier:?'] } })).toEqual([]);
    expect(check({ require: { tags: ['team:*', 'owner:*'] } })).toEqual([
      ['tags', 'no label of tags matches "owner:*"'],
    ]);
    // No tags at all: the monitor's line is pointed at.
    expect(check({ require: { tags: ['team:*'] } }, { ...monitor, tags: null })).toEqual([
      ['(monitor)', 'no label of tags matches "team:*"'],
    ]);
  });

  it('min_locations counts distinct locations', () => {
    expect(check({ require: { min_locations: 2 } })).toEqual([]);
    expect(check({ require: { min_locations: 3 } })).toEqual([
      ['locations', 'locations names 2 locations; at least 3 are required'],
    ]);
    const { locations: _l, ...without } = monitor;
    expect(check({ require: { min_locations: 1 } }, without)).toEqual([
      ['(monitor)', 'locations names no location; at least 1 are required'],
    ]);
  });

  it('max_interval_seconds, name_pattern, types, execution_mode, fields', () => {
    expect(check({ require: { max_interval_seconds: 120 } })).toEqual([
      ['interval_seconds', 'interval_seconds is 300; at most 120 is allowed'],
    ]);
    expect(check({ require: { max_interval_seconds: 300 } })).toEqual([]);
    expect(check({ require: { name_pattern: '^[a-z]+: ' } })).toEqual([]);
    expect(check({ require: { name_pattern: '^api: ' } })).toEqual([
      ['name', 'name "shop: cart" does not match /^api: /'],
    ]);
    expect(check({ require: { types: ['keyword', 'json'] } })).toEqual([
      ['type', 'type http is not allowed; allowed: keyword, json'],
    ]);
    expect(check({ require: { execution_mode: 'multi_location' } })).toEqual([]);
    expect(check({ require: { execution_mode: ['local'] } })).toEqual([
      ['execution_mode', 'execution_mode multi_location is not allowed; allowed: local'],
    ]);
    // Set to null: the field is pointed at; absent: the monitor.
    expect(check({ require: { fields: ['group', 'body', 'url'] } })).toEqual([
      ['group', 'group must be set'],
      ['(monitor)', 'body must be set'],
    ]);
  });
});

describe('schema:', () => {
  it('checks the monitor input against a JSON Schema, at the field it names', () => {
    const rule = { schema: { properties: { max_redirects: { maximum: 2 } }, required: ['keyword'] } };
    expect(check(rule)).toEqual([
      ['(monitor)', 'keyword must be set (schema)'],
      ['max_redirects', 'max_redirects must be <= 2 (schema)'],
    ]);
  });
});

describe('where: and environments:', () => {
  it('reads only the monitors every where key matches', () => {
    const rule = { require: { max_interval_seconds: 120 } };
    expect(check({ ...rule, where: { type: ['keyword'] } })).toEqual([]);
    expect(check({ ...rule, where: { type: 'http', name: 'shop: *' } })).toHaveLength(1);
    expect(check({ ...rule, where: { name: ['api: *', 'web: *'] } })).toEqual([]);
    expect(check({ ...rule, where: { tags: ['tier:1'] } })).toHaveLength(1);
    expect(check({ ...rule, where: { tags: ['tier:2'] } })).toEqual([]);
  });

  it('applies a rule only in its environments; a deny rule checks no monitor', () => {
    const compiled = compilePolicy([
      { id: 'prod', level: 'mandatory', environments: ['production'], require: { min_locations: 3 } },
      { id: 'all', level: 'advisory', require: { min_locations: 3 } },
      { id: 'no-deletes', level: 'mandatory', deny: ['delete'] },
    ]);
    const rules = compiled.rules.map((r) => r.rule);
    expect(monitorRulesIn(rules, 'staging').map((r) => r.id)).toEqual(['all']);
    expect(monitorRulesIn(rules, 'production').map((r) => r.id)).toEqual(['prod', 'all']);
  });
});

describe('messages', () => {
  it('name the rule, its level and its description, then what is wrong', () => {
    const compiled = compilePolicy([
      {
        id: 'team-tag',
        level: 'advisory',
        description: 'Every monitor names its team.',
        require: { tags: ['team:*'] },
      },
    ]);
    const [v] = violationsOf([compiled.rules[0]!.rule], { ...monitor, tags: 'x' });
    expect(violationMessage(v!)).toBe(
      'policy team-tag (advisory): Every monitor names its team (no label of tags matches "team:*")',
    );
  });
});

describe('rules in error', () => {
  it('are reported at their own place and not applied', () => {
    const compiled = compilePolicy(
      [
        { id: 'bad-regex', level: 'mandatory', require: { name_pattern: '([a-z' } },
        { id: 'bad-glob', level: 'mandatory', where: { name: ['ok', '[z-a]'] }, require: { max_interval_seconds: 1 } },
        { id: 'bad-schema', level: 'mandatory', schema: { type: 'no-such-type' } },
        { id: 'empty', level: 'mandatory' },
        { id: 'bad-glob', level: 'advisory', require: { types: ['http'] } },
        { id: 'deny-tags', level: 'mandatory', deny: ['delete'], where: { tags: ['team:*'] } },
      ],
      engines,
    );
    expect(compiled.problems.map((p) => [p.path.join('.'), p.code])).toEqual([
      ['policy.0.require.name_pattern', 'policy.rule.regex'],
      ['policy.1.where.name.1', 'policy.rule.glob'],
      ['policy.2.schema', 'policy.rule.schema'],
      ['policy.3', 'policy.rule.empty'],
      ['policy.4.id', 'policy.rule.duplicate'],
      ['policy.5.where.tags', 'policy.rule.deny_tags'],
    ]);
    expect(compiled.rules).toEqual([]);
    // Every id declared is known, a rule in error's too: an exception naming it names a rule.
    expect([...compiled.ids]).toEqual(['bad-regex', 'bad-glob', 'bad-schema', 'empty', 'deny-tags']);
  });
});
