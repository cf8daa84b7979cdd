// What changed in `policy:` since the last apply: the rules in force against the lock's
// record, and the lock stamped with the policy (written by apply even with no other change).
import { describe, expect, it } from 'vitest';
import type { LockFile } from '../../src/lock/types.js';
import { policyChanges, policyRecordOf, recordPolicy } from '../../src/plan/policy-changes.js';
import type { PlanPolicy } from '../../src/plan/types.js';

type Rule = PlanPolicy['rules'][number];
const rule = (id: string, level: Rule['level'], parts: Record<string, string>, fingerprint = `fp-${id}`): Rule => ({
  id,
  level,
  fingerprint,
  parts,
});

const before = [
  rule('naming', 'advisory', { require: 'r1' }),
  rule('prod-locations', 'advisory', { require: 'r2', where: 'w1' }),
  rule('same', 'mandatory', { deny: 'd1' }),
];
const lockWith = (rules: Rule[]): LockFile => ({
  format_version: 1,
  salt: 'salt-0123456789',
  monitors: [],
  ...(policyRecordOf(rules) ? { policy: policyRecordOf(rules)! } : {}),
});

describe('policyChanges', () => {
  it('lists rules added, removed and changed (level and keys), sorted by id; an unchanged rule is not listed', () => {
    const now = [
      rule('team-tag', 'mandatory', { require: 'r9' }),
      rule('prod-locations', 'mandatory', { require: 'r2', environments: 'e1' }, 'fp-prod-2'),
      rule('same', 'mandatory', { deny: 'd1' }),
    ];
    expect(policyChanges(lockWith(before).policy, now)).toEqual([
      { rule: 'naming', action: 'remove', level: 'advisory' },
      {
        rule: 'prod-locations',
        action: 'change',
        level: 'mandatory',
        previous_level: 'advisory',
        changed: ['environments', 'where'],
      },
      { rule: 'team-tag', action: 'add', level: 'mandatory' },
    ]);
  });

  it('names the key whose value changed, without a level change', () => {
    const now = [rule('naming', 'advisory', { require: 'r1-new' }, 'fp-naming-2')];
    expect(policyChanges(lockWith(before.slice(0, 1)).policy, now)).toEqual([
      { rule: 'naming', action: 'change', level: 'advisory', changed: ['require'] },
    ]);
  });

  it('without a record (no policy at the last apply, or an older lock) every rule is added', () => {
    expect(policyChanges(undefined, before).map((c) => `${c.action} ${c.rule}`)).toEqual([
      'add naming',
      'add prod-locations',
      'add same',
    ]);
    expect(policyChanges(undefined, [])).toEqual([]);
  });
});

describe('recordPolicy', () => {
  it('stamps the lock with the rules in force and says whether that changed it', () => {
    const unchanged = recordPolicy(lockWith(before), before);
    expect(unchanged.changed).toBe(false);
    expect(unchanged.lock.policy).toEqual(lockWith(before).policy);
    const changed = recordPolicy(lockWith(before), before.slice(1));
    expect(changed.changed).toBe(true);
    expect(Object.keys(changed.lock.policy!.rules).sort()).toEqual(['prod-locations', 'same']);
    expect(changed.lock.policy!.rules['same']).toEqual({
      fingerprint: 'fp-same',
      level: 'mandatory',
      parts: { deny: 'd1' },
    });
  });

  it('drops the record when no rule is in force any more (a lock of a set without policy stays as before)', () => {
    const dropped = recordPolicy(lockWith(before), []);
    expect(dropped.changed).toBe(true);
    expect('policy' in dropped.lock).toBe(false);
    expect(recordPolicy(lockWith([]), [])).toEqual({ lock: lockWith([]), changed: false });
  });
});
