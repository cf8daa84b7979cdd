// `deny:` rules over a plan's changes: a create, replace or delete the rule's kinds name,
// of a monitor its `where` matches (name globs, types), is refused. Forgets send nothing
// and are never refused. Works on plain data, so that a plan is checked wherever it is made.
import { namePattern, anyPatternMatches } from '../model/name-select/pattern.js';
import type { DeniableChange, PolicyRuleData } from '../model/policy-data.js';

export interface ChangeToCheck {
  action: string;
  name: string;
  /** For a rename, the name before: a rule over either name reads it. */
  previousName?: string;
  /** The monitor's type (the body's, or the listing's for a delete), when known. */
  type?: string;
}

export interface DeniedChange<C extends ChangeToCheck> {
  rule: PolicyRuleData;
  change: C;
}

export function deniedChanges<C extends ChangeToCheck>(
  rules: readonly PolicyRuleData[],
  changes: readonly C[],
): DeniedChange<C>[] {
  const out: DeniedChange<C>[] = [];
  for (const rule of rules) {
    if (!rule.deny) continue;
    const names = rule.whereNames?.map(namePattern);
    for (const change of changes) {
      if (!rule.deny.includes(change.action as DeniableChange)) continue;
      if (rule.whereTypes && (change.type === undefined || !rule.whereTypes.includes(change.type))) continue;
      const named = [change.name, change.previousName].filter((n): n is string => n !== undefined);
      if (names && !named.some((n) => anyPatternMatches(names, n))) continue;
      out.push({ rule, change });
    }
  }
  return out;
}
