// The exit code of every environment's run (`--env all`) as one: the worst of them. Their
// answers are combined into one by the format registry (src/render/every-environment/). Pure.
import type { EnvironmentRun } from '../render/every-environment/runs.js';

export { outcomeOf, type EnvironmentRun, type Outcome } from '../render/every-environment/runs.js';
export { renderAllJson, renderAllMarkdown, renderAllText } from '../render/every-environment/combine.js';

/**
 * The combined exit code: a failure before changes before none (1 over 2 over 0), an
 * interrupted run (130, 143) over all. A plan's 2 counts only with --detailed-exitcode.
 */
export function worstExit(command: string, runs: readonly EnvironmentRun[], detailed: boolean): number {
  const rank = (code: number) => (code === 0 ? 0 : code === 2 && command === 'plan' ? 1 : code === 1 ? 2 : 3);
  const worst = runs.reduce((w, r) => (rank(r.code) > rank(w) ? r.code : w), 0);
  return worst === 2 && command === 'plan' && !detailed ? 0 : worst;
}
