// One monitor (an instance of a template too) against the policy's rules of its environment,
// and the `policy_exceptions` its entry and its file's defaults declare. A violation points
// at the field at fault where it is written (the entry, the file's defaults, or the set's
// settings.defaults, where it is then said once for every monitor taking the value), or at
// the entry when the field is missing; a rule the monitor has an exception for is not a
// violation but an exception used, which the plan lists for review.
import type { PolicyExceptionUsed } from '../../model/policy-data.js';
import { violationMessage, violationsOf } from '../../policy/evaluate.js';
import type { CompiledRule } from '../../policy/types.js';
import type { PathSegment } from '../values/yaml-path.js';
import { error, type LocatedProblem } from '../values/problem.js';
import { closest } from '../../model/did-you-mean.js';
import { isPlainObject } from '../values/plain-object.js';

/** What a file is checked against: the ids of every rule declared, and the monitor rules per environment. */
export interface PolicyContext {
  ids: ReadonlySet<string>;
  rulesIn(environment: string | undefined): readonly CompiledRule[];
}

export interface DeclaredException extends PolicyExceptionUsed {
  /** Where the exception's id is written. */
  path: PathSegment[];
}

/**
 * The exceptions of a `policy_exceptions` list (its shape is the file schema's), each
 * naming a rule: one naming none is an error at its id.
 */
export function declaredExceptions(
  raw: unknown,
  at: PathSegment[],
  from: PolicyExceptionUsed['from'],
  policy: PolicyContext | undefined,
  problems: LocatedProblem[],
): DeclaredException[] {
  if (!Array.isArray(raw)) return [];
  const out: DeclaredException[] = [];
  raw.forEach((item, i) => {
    if (!isPlainObject(item) || typeof item.id !== 'string' || typeof item.reason !== 'string') return;
    const path = [...at, i, 'id'];
    if (!policy?.ids.has(item.id)) {
      const known = policy ? [...policy.ids] : [];
      const near = closestId(item.id, known);
      problems.push(
        error(
          path,
          'policy.exception.unknown',
          !policy
            ? `no policy rule has the id ${JSON.stringify(item.id)}: the set declares no policy:`
            : near
              ? `no policy rule has the id ${JSON.stringify(item.id)}; did you mean "${near}"?`
              : `no policy rule has the id ${JSON.stringify(item.id)}; the rules are: ${known.join(', ') || 'none'}`,
        ),
      );
      return;
    }
    out.push({ id: item.id, reason: item.reason, from, path });
  });
  return out;
}

/** The rule id a misspelt one most likely means (`prod-intervall`: `prod-interval`); ids are kebab-case. */
function closestId(id: string, ids: readonly string[]): string | undefined {
  const snake = (s: string) => s.replace(/-/g, '_');
  const near = closest(snake(id), ids.map(snake));
  return near === undefined ? undefined : ids.find((i) => snake(i) === near);
}

// Most monitors pass: one shared answer for them.
const NOTHING = Object.freeze({
  problems: Object.freeze([]) as unknown as LocatedProblem[],
  used: Object.freeze([]) as unknown as PolicyExceptionUsed[],
});

/** Violations of one monitor, located; and the exceptions that spared it one. */
export function policyProblems(
  input: Readonly<Record<string, unknown>>,
  item: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, unknown>>,
  index: number,
  rules: readonly CompiledRule[],
  exceptions: readonly DeclaredException[],
  fromSettings?: ReadonlySet<string>,
): { problems: LocatedProblem[]; used: PolicyExceptionUsed[] } {
  const violations = violationsOf(rules, input);
  if (violations.length === 0) return NOTHING;
  const problems: LocatedProblem[] = [];
  const used: PolicyExceptionUsed[] = [];
  for (const violation of violations) {
    const exception = exceptions.find((e) => e.id === violation.rule.id);
    if (exception) {
      if (!used.some((u) => u.id === exception.id))
        used.push({ id: exception.id, reason: exception.reason, from: exception.from });
      continue;
    }
    const field = violation.finding.field;
    const inSettings = field !== undefined && !Object.hasOwn(item, field) && fromSettings?.has(field) === true;
    const path: PathSegment[] =
      field !== undefined && Object.hasOwn(item, field)
        ? ['monitors', index, field]
        : inSettings
          ? ['settings', 'defaults', field]
          : field !== undefined && Object.hasOwn(defaults, field)
            ? ['defaults', field]
            : ['monitors', index];
    const problem = error(path, `policy.${violation.rule.id}`, violationMessage(violation));
    if (violation.rule.level === 'advisory') problem.severity = 'warning';
    if (inSettings) problem.inSettings = true;
    problems.push(problem);
  }
  return { problems, used };
}
