// Everything that can be said about one file from its parsed value alone: its shape,
// each monitor (merged, resolved, checked), its `moved` entries and `settings`.
import { envIssueMessage, envIssueSeverity, resolveEnv, WHOLE_REFERENCE } from './env.js';
import { fileShapeProblems, isPlainObject } from './file-check.js';
import { checkMonitor, type CheckedMonitor, type MonitorCheckOptions } from './monitor-check.js';
import { error, type LocatedProblem } from './problem.js';

export interface RawMoved {
  index: number;
  from: string;
  to: string;
}

export interface FileAnalysis {
  problems: LocatedProblem[];
  monitors: CheckedMonitor[];
  moved: RawMoved[];
  /** The `settings` mapping with `${env:NAME}` resolved, when the file declares one. */
  settings: Record<string, unknown> | undefined;
}

export function analyseFile(value: unknown, options: MonitorCheckOptions): FileAnalysis {
  const problems = fileShapeProblems(value);
  const analysis: FileAnalysis = { problems, monitors: [], moved: [], settings: undefined };
  if (!isPlainObject(value)) return analysis;
  const defaults = isPlainObject(value.defaults) ? value.defaults : {};
  // Checked once here too, so that a literal secret in unused defaults is still reported.
  const secret = defaults.auth_secret;
  if (typeof secret === 'string' && secret !== '' && !WHOLE_REFERENCE.test(secret)) {
    problems.push(error(['defaults', 'auth_secret'], 'secret.literal', 'auth_secret is written literally in the file; write ${env:NAME} and set NAME in the environment (the value is not shown)'));
  }
  if (Array.isArray(value.monitors)) {
    value.monitors.forEach((item, index) => {
      if (!isPlainObject(item)) return; // the file schema reported it
      const checked = checkMonitor(item, index, defaults, options);
      analysis.monitors.push(checked.monitor);
      for (const p of checked.problems) problems.push(p);
    });
  }
  if (Array.isArray(value.moved)) {
    value.moved.forEach((entry, index) => {
      if (!isPlainObject(entry)) return;
      const from = resolved(entry.from, ['moved', index, 'from'], options, problems);
      const to = resolved(entry.to, ['moved', index, 'to'], options, problems);
      if (typeof from === 'string' && typeof to === 'string') analysis.moved.push({ index, from, to });
    });
  }
  if (isPlainObject(value.settings)) {
    const settings: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value.settings)) settings[key] = resolved(v, ['settings', key], options, problems);
    analysis.settings = settings;
  }
  return analysis;
}

function resolved(value: unknown, path: (string | number)[], options: MonitorCheckOptions, problems: LocatedProblem[]): unknown {
  const result = resolveEnv(value, options.env);
  const label = path.filter((s) => typeof s === 'string').join('.');
  for (const issue of result.issues) {
    const problem = error(path, `env.${issue.kind}`, envIssueMessage(issue, label, options.missingEnv));
    problems.push({ ...problem, severity: envIssueSeverity(issue, options.missingEnv) });
  }
  return result.value;
}
