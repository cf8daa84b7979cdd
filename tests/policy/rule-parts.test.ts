// The per-key hashes of a rule (`parts`), which a plan compares with the lock's record to
// say what changed in a rule: by meaning, so that the YAML's key order does not count.
import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../../src/policy/compile.js';

const dataOf = (rule: Record<string, unknown>) => {
  const compiled = compilePolicy([rule]);
  expect(compiled.problems).toEqual([]);
  return compiled.rules[0]!.data;
};

describe('the parts of a rule', () => {
  const rule = {
    id: 'prod-locations',
    level: 'mandatory',
    environments: ['production'],
    where: { type: ['http'] },
    require: { min_locations: 3, execution_mode: 'multi_location' },
  };

  it('hash each key but id and level', () => {
    expect(Object.keys(dataOf(rule).parts ?? {})).toEqual(['environments', 'require', 'where']);
  });

  it('are the same for the same rule written in another key order', () => {
    const reordered = {
      require: { execution_mode: 'multi_location', min_locations: 3 },
      where: { type: ['http'] },
      environments: ['production'],
      level: 'mandatory',
      id: 'prod-locations',
    };
    expect(dataOf(reordered).parts).toEqual(dataOf(rule).parts);
    expect(dataOf(reordered).fingerprint).toBe(dataOf(rule).fingerprint);
  });

  it('differ only in the key that changed; a level change keeps every part', () => {
    const before = dataOf(rule).parts!;
    const stricter = dataOf({ ...rule, require: { min_locations: 4, execution_mode: 'multi_location' } }).parts!;
    expect(Object.keys(before).filter((k) => before[k] !== stricter[k])).toEqual(['require']);
    const advisory = dataOf({ ...rule, level: 'advisory' });
    expect(advisory.parts).toEqual(before);
    expect(advisory.fingerprint).not.toBe(dataOf(rule).fingerprint);
  });
});
