// What changed in `policy:` since the last apply: the rules in force now against the ones
// the lock records, so that a reviewer notices a rule loosened or dropped in the same pull
// request as the monitors it spared. Pure: rules in, data out.
import type { LockFile, LockPolicy } from '../lock/types.js';
import { compareText } from '../model/compare-text.js';
import type { PlanPolicy, PolicyRuleChange } from './types.js';

type Rule = PlanPolicy['rules'][number];

/**
 * The rules added, removed and changed, sorted by rule id. A lock without a record (no
 * policy at the last apply, or a lock written before it was recorded) counts as no rules:
 * every rule is then added.
 */
export function policyChanges(recorded: LockPolicy | undefined, rules: readonly Rule[]): PolicyRuleChange[] {
  const before = new Map(Object.entries(recorded?.rules ?? {}));
  const now = new Map(rules.map((r) => [r.id, r]));
  const changes: PolicyRuleChange[] = [];
  for (const rule of rules) {
    const old = before.get(rule.id);
    if (!old) changes.push({ rule: rule.id, action: 'add', level: rule.level });
    else if (old.fingerprint !== rule.fingerprint || old.level !== rule.level)
      changes.push({
        rule: rule.id,
        action: 'change',
        level: rule.level,
        ...(old.level !== rule.level ? { previous_level: old.level } : {}),
        changed: changedParts(old.parts, rule.parts ?? {}),
      });
  }
  for (const [id, old] of before) if (!now.has(id)) changes.push({ rule: id, action: 'remove', level: old.level });
  return changes.sort((a, b) => compareText(a.rule, b.rule));
}

/** The keys whose hash differs, or that one side lacks (a `where:` added or dropped). */
function changedParts(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => before[key] !== after[key]).sort(compareText);
}

/** What the lock records of the rules in force; undefined when there are none (the lock then holds no policy). */
export function policyRecordOf(rules: readonly Rule[]): LockPolicy | undefined {
  if (rules.length === 0) return undefined;
  const record: LockPolicy['rules'] = Object.create(null) as LockPolicy['rules']; // a "__proto__" id stays an id
  for (const rule of rules)
    record[rule.id] = { fingerprint: rule.fingerprint, level: rule.level, parts: rule.parts ?? {} };
  return { rules: record };
}

/**
 * The lock with the policy in force recorded, and whether that changed it: apply writes
 * the lock then even with no monitor change, as it does a newly learnt workspace.
 */
export function recordPolicy(lock: LockFile, rules: readonly Rule[]): { lock: LockFile; changed: boolean } {
  const changed = policyChanges(lock.policy, rules).length > 0;
  const { policy: _old, ...rest } = lock;
  const policy = policyRecordOf(rules);
  return { lock: policy ? { ...rest, policy } : rest, changed };
}
