// One monitor entry: merge it over the file's defaults, resolve `${env:NAME}`, then run
// the monitor schema, the server rules and the lint warnings on the result. Every
// problem is mapped back to where its value was written: the entry, or the defaults.
import type { MonitorField } from '../schema/monitor-input-schema.js';
import { ruleProblems } from '../schema/rules.js';
import { monitorCandidates } from './candidates.js';
import { envIssueMessage, resolveEnv, WHOLE_REFERENCE } from './env.js';
import type { PathSegment, Target } from './exact-parse.js';
import { lintWarnings } from './lint.js';
import { pointerSegments, type LocatedProblem } from './problem.js';
import { schemaProblem } from './schema-messages.js';
import { loaderValidators } from './validators.js';

export interface CheckedMonitor {
  index: number;
  /** Resolved name, when the entry has a string name. */
  name: string | undefined;
  input: Record<string, unknown>;
  envRefs: Partial<Record<MonitorField, string>>;
  pinnedId: string | undefined;
}

export interface MonitorCheckOptions {
  env: NodeJS.ProcessEnv;
  enabledIntervals?: readonly number[];
}

export function checkMonitor(
  item: Record<string, unknown>,
  index: number,
  defaults: Record<string, unknown>,
  options: MonitorCheckOptions,
): { monitor: CheckedMonitor; problems: LocatedProblem[] } {
  const problems: LocatedProblem[] = [];
  const itemPath: PathSegment[] = ['monitors', index];
  const origin = (rel: readonly PathSegment[], target: Target): { path: PathSegment[]; target: Target } => {
    const field = rel[0];
    if (typeof field !== 'string') return { path: itemPath, target: 'value' };
    if (Object.hasOwn(item, field)) return { path: [...itemPath, ...rel], target };
    if (Object.hasOwn(defaults, field)) return { path: ['defaults', ...rel], target };
    return { path: itemPath, target: 'value' }; // missing: point at the entry
  };
  // A field whose ${env:NAME} could not be resolved has no meaningful value to check.
  const unresolved = new Set<PathSegment | undefined>();
  const add = (rel: readonly PathSegment[], target: Target, code: string, message: string, severity: 'error' | 'warning' = 'error') => {
    if (!code.startsWith('env.') && unresolved.has(rel[0])) return;
    problems.push({ ...origin(rel, target), code, message, severity });
  };

  const merged: Record<string, unknown> = { ...defaults, ...item };
  const input: Record<string, unknown> = {};
  const envRefs: Partial<Record<MonitorField, string>> = {};
  for (const [field, written] of Object.entries(merged)) {
    if (field === 'auth_secret' && typeof written === 'string' && written !== '' && !WHOLE_REFERENCE.test(written)) {
      add([field], 'value', 'secret.literal', 'auth_secret is written literally in the file; write ${env:NAME} and set NAME in the environment (the value is not shown)');
    }
    const resolved = resolveEnv(written, options.env);
    for (const issue of resolved.issues) add([field], 'value', issue.kind === 'missing' ? 'env.missing' : 'env.syntax', envIssueMessage(issue, field));
    if (resolved.issues.length > 0) unresolved.add(field);
    if (resolved.templated) envRefs[field as MonitorField] = typeof written === 'string' ? written : JSON.stringify(written);
    input[field] = resolved.value;
  }
  const pinnedId = typeof input.id === 'string' ? input.id : undefined;
  delete input.id;
  delete envRefs['id' as MonitorField];

  const validate = loaderValidators().monitor;
  if (!validate(input)) {
    for (const e of validate.errors ?? []) {
      const p = schemaProblem(e, monitorCandidates);
      add(p.path, p.target, p.code, p.message);
    }
  }
  for (const rule of ruleProblems(input, { enabledIntervals: options.enabledIntervals })) {
    add(pointerSegments(rule.pointer), 'value', rule.code, rule.message);
  }
  for (const warning of lintWarnings(input, item)) add(warning.path, 'value', warning.code, warning.message, 'warning');
  const name = typeof input.name === 'string' ? input.name : undefined;
  return { monitor: { index, name, input, envRefs, pinnedId }, problems };
}

