// The runs of every environment (`--env all`) as one answer: a section per environment, in
// the order declared. Each section is what that environment's run printed, in the format
// asked for; a run that failed shows what it said. Markdown is the report `monitors ci`
// writes for environments (combined-report.ts), so a local `plan --env all --format
// markdown` reads like the pull request's comment. Pure.
import { combinedReport, type Section } from './combined-report.js';
import { outcomeOf, type EnvironmentRun, type Outcome } from './runs.js';

const OUTCOME_TEXT: Record<Outcome, (command: string) => string> = {
  ok: (command) => (command === 'plan' ? 'no changes' : 'ok'),
  changes: () => 'changes',
  failed: () => 'failed',
};

export function renderAllText(command: string, runs: readonly EnvironmentRun[]): string {
  const parts = runs.map((run) => {
    const outcome = outcomeOf(command, run.code);
    const body = outcome === 'failed' ? run.output : run.stdout;
    return `=== ${run.name}: ${OUTCOME_TEXT[outcome](command)} ===\n${body.trimEnd()}\n`;
  });
  const summary = runs.map((r) => `  ${r.name}: ${OUTCOME_TEXT[outcomeOf(command, r.code)](command)} (exit ${r.code})`);
  return `${parts.join('\n')}\nEvery environment (${runs.length}):\n${summary.join('\n')}\n`;
}

export function renderAllMarkdown(command: string, path: string, runs: readonly EnvironmentRun[]): string {
  const sections: Section[] = runs.map((run) => {
    const outcome = outcomeOf(command, run.code);
    if (outcome === 'failed')
      return { name: run.name, ok: false, code: run.code, changes: false, body: fenced(run.output) };
    return {
      name: run.name,
      ok: true,
      code: run.code,
      changes: outcome === 'changes',
      markdown: run.stdout,
      body: run.stdout,
    };
  });
  return combinedReport(command, path, sections, Infinity);
}

/** One JSON document: each environment's own JSON document (or, when it failed, what it said) and the exit code. */
export function renderAllJson(command: string, runs: readonly EnvironmentRun[], exitCode: number): string {
  const environments = runs.map((run) => {
    const outcome = outcomeOf(command, run.code);
    return {
      name: run.name,
      exit_code: run.code,
      outcome,
      result: parsed(run.stdout),
      ...(outcome === 'failed' ? { error: run.output.trim() } : {}),
    };
  });
  // format_version and environment first, as in every JSON document: null, since it covers them all.
  const doc = { format_version: 1, environment: null, command, exit_code: exitCode, environments };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function parsed(stdout: string): unknown {
  try {
    return JSON.parse(stdout);
  } catch {
    return null;
  }
}

function fenced(text: string): string {
  const fence = text.includes('```') ? '````' : '```';
  return `${fence}\n${text.trimEnd()}\n${fence}`;
}
