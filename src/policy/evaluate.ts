// One monitor against the rules of its environment: the violations, in the order the rules
// are written. Runs for every monitor of every environment, so a set whose rules do not
// read a monitor costs one `where` test per rule.
import { labelsOf } from './labels.js';
import type { CompiledRule, PolicySubject, Violation } from './types.js';

/** The rules that check monitors in an environment (undefined: the set declares none, and a rule limited to some applies nowhere). */
export function monitorRulesIn(rules: readonly CompiledRule[], environment: string | undefined): CompiledRule[] {
  return rules.filter(
    (rule) =>
      rule.requirements.length > 0 &&
      (rule.environments === undefined || (environment !== undefined && rule.environments.includes(environment))),
  );
}

const NONE: readonly Violation[] = Object.freeze([]);

export function violationsOf(
  rules: readonly CompiledRule[],
  input: Readonly<Record<string, unknown>>,
): readonly Violation[] {
  if (rules.length === 0) return NONE;
  const subject: PolicySubject = { input, labels: labelsOf(input.tags) };
  let out: Violation[] | undefined;
  for (const rule of rules) {
    if (rule.where && !rule.where(subject)) continue;
    for (const requirement of rule.requirements)
      for (const finding of requirement(subject)) (out ??= []).push({ rule, finding });
  }
  return out ?? NONE;
}

/** The message of a violation: the rule, what it is for, what is wrong. */
export function violationMessage({ rule, finding }: Violation): string {
  const head = `policy ${rule.id} (${rule.level})`;
  const why = rule.description?.trim().replace(/[.!]$/, '');
  return why ? `${head}: ${why} (${finding.message})` : `${head}: ${finding.message}`;
}
