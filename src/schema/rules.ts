import type { FieldProblem } from './check-input.js';

export interface RuleOptions {
  /** Server rule: intervals the administrator enabled. Unknown to the CLI (spec: not shown). */
  enabledIntervals?: readonly number[];
}

/**
 * Rules the spec leaves unstated but the server enforces (documented in docs/rules.md).
 * Runs on an input that passed the schema. Shared by the CLI loader and the simulator.
 * (Placeholder: filled in by the foundation issue.)
 */
export function ruleProblems(_input: Record<string, unknown>, _options: RuleOptions = {}): FieldProblem[] {
  return [];
}
