// The entries of a file's `moved`, `removed` and `deleted` lists, and the values of its
// `settings`: each key resolved (templates in each environment and for_each instance, then
// `${env:NAME}`), the problems located at the key.
import { envIssueCode, envIssueMessage, envIssueSeverity, resolveEnv } from './expand/env.js';
import { entryEnvironments } from './expand/environments.js';
import { entryInstances, splitEntry, type EnvironmentScope } from './expand/entry-instances.js';
import { tagged } from './expand/instances.js';
import { isTemplated, substituteValue, type TemplateScope } from './expand/references.js';
import type { MonitorCheckOptions } from './checks/monitor-check.js';
import { isPlainObject } from './values/plain-object.js';
import type { PathSegment } from './values/yaml-path.js';
import { error, type LocatedProblem } from './values/problem.js';

export interface EntryContext {
  declared: readonly string[];
  scopes: readonly EnvironmentScope[];
  options: MonitorCheckOptions;
  problems: LocatedProblem[];
}

/**
 * Each entry of a `moved` or `removed` list, in each environment it applies to and each
 * for_each instance: `keys` resolved (templates, then `${env:NAME}`); `take` gets them
 * when every one is text (a problem is reported otherwise).
 */
export function eachEntry(
  list: unknown,
  section: 'moved' | 'removed' | 'deleted',
  keys: readonly string[],
  { declared, scopes, options, problems }: EntryContext,
  take: (environment: number, index: number, values: string[], instance: { instance?: string }) => void,
): void {
  if (!Array.isArray(list)) return;
  list.forEach((entry, index) => {
    if (!isPlainObject(entry)) return;
    const at: PathSegment[] = [section, index];
    const { forEach, hasForEach } = splitEntry(entry);
    const only = entryEnvironments(entry.environments, [...at, 'environments'], declared, problems);
    scopes.forEach((environment, e) => {
      for (const instance of entryInstances({ forEach, hasForEach, only }, at, environment, problems)) {
        const entryProblems: LocatedProblem[] = [];
        const values = keys.map((key) => resolved(entry[key], [...at, key], options, entryProblems, instance.scope));
        for (const p of entryProblems) problems.push(tagged(p, instance.tag));
        if (values.every((v) => typeof v === 'string'))
          take(e, index, values, instance.label !== undefined ? { instance: instance.label } : {});
      }
    });
  });
}

/** A value of `moved`, `removed` or `settings`: templates substituted (when a scope is given), then `${env:NAME}` resolved. */
export function resolved(
  value: unknown,
  path: PathSegment[],
  options: MonitorCheckOptions,
  problems: LocatedProblem[],
  scope?: TemplateScope,
): unknown {
  if (scope && isTemplated(value)) {
    const substituted = substituteValue(value, scope);
    for (const issue of substituted.issues)
      problems.push({ ...error(path, issue.code, issue.message), needle: issue.text });
    if (substituted.issues.length > 0) return undefined;
    value = substituted.value;
  }
  const result = resolveEnv(value, options.env);
  const label = path.filter((s) => typeof s === 'string').join('.');
  for (const issue of result.issues) {
    const problem = error(path, envIssueCode(issue), envIssueMessage(issue, label, options.missingEnv));
    problems.push({
      ...problem,
      severity: envIssueSeverity(issue, options.missingEnv),
      ...(issue.kind === 'reference' ? { needle: issue.text } : {}),
    });
  }
  return result.value;
}
