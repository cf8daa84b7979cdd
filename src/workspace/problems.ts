// What the YAML's problems mean for the command that opened it: the lines it says (exactly
// as `validate` says them), the error that stops it before the API is called, the notes a
// plan carries, and the policy findings a plan lists in its own section. Pure: the opener
// says the lines and throws the error.
import type { Diagnostic } from '../model/monitor.js';
import type { MonitorsError } from '../errors.js';
import { isPolicyViolation } from '../policy/codes.js';
import { diagnosticLine, githubAnnotation } from '../render/diagnostics.js';
import { checkEnvironmentChoice } from './environment.js';
import { advisorySummary, invalidYaml } from './invalid-yaml.js';
import type { YamlLoad } from './load-yaml.js';
import type { WorkspaceRequest } from './request.js';

export interface Screened {
  /** The lines to say (the CLI: stderr), in order; none when there is nothing to say. */
  lines: string[];
  /** The YAML has errors: the command stops with this, after the lines are said. */
  error: MonitorsError | undefined;
  /** Info diagnostics (a file skipped by the folder search), as plan notes: in every format of the plan. */
  notes: string[];
  /** With `policy: 'plan'`: the policy violations and warnings, for the plan's policy section. */
  policyDiagnostics: Diagnostic[];
}

type Asked = Pick<WorkspaceRequest, 'paths' | 'environment' | 'command' | 'policy' | 'env'>;

/**
 * The environment asked for is checked first (a missing or unknown one: the problems of
 * every environment would bury it), then the problems. Throws the environment's refusal.
 */
export function screenProblems(load: YamlLoad, request: Asked): Screened {
  const { diagnostics, declaredEnvironments } = load;
  const { environment, paths, policy } = request;
  if (declaredEnvironments.length > 0) checkEnvironmentChoice(environment, declaredEnvironments, request.command, true);
  const inPlan = policy === 'plan';
  const summary = policy === 'summary';
  const errors = diagnostics.filter((d) => d.severity === 'error' && !(inPlan && isPolicyViolation(d.code)));
  // Said elsewhere, or summed up: the policy findings the plan lists, the advisory ones of a read-only command.
  const elsewhere = (d: Diagnostic) =>
    errors.length === 0 && isPolicyViolation(d.code) && (inPlan || (summary && d.severity !== 'error'));
  const shown = diagnostics.filter((d) => !elsewhere(d));
  const printed = errors.length > 0 ? shown : shown.filter((d) => d.severity !== 'info');
  const lines = printed.map(diagnosticLine);
  const advisory = diagnostics.length - shown.length;
  if (summary && advisory > 0) lines.push(advisorySummary(advisory, paths, environment));
  // Annotations put a plan's findings at their lines in the pull request; a read-only command's stay summed up.
  if (request.env.GITHUB_ACTIONS === 'true') lines.push(...(summary ? shown : diagnostics).map(githubAnnotation));
  if (errors.length > 0)
    return { lines, error: invalidYaml(errors, paths, environment), notes: [], policyDiagnostics: [] };
  checkEnvironmentChoice(environment, declaredEnvironments, request.command, true); // --env without environments declared
  return {
    lines,
    error: undefined,
    notes: diagnostics.filter((d) => d.severity === 'info').map((d) => `${d.file}: ${d.message}`),
    policyDiagnostics: inPlan ? diagnostics.filter((d) => isPolicyViolation(d.code)) : [],
  };
}
