// The instances one entry (a monitor or a `moved` entry) yields in one environment: none
// when its `environments:` list leaves this environment out, one per for_each binding,
// else one. Each comes with the scope its `${var.NAME}` and `${each.KEY}` read from and
// the tag its problems carry.
import type { PathSegment } from '../values/yaml-path.js';
import type { LocatedProblem } from '../values/problem.js';
import { expandForEach } from './for-each.js';
import type { InstanceTag } from '../values/instance-tag.js';
import { tagged } from './instances.js';
import type { TemplateScope, VarValue } from './references.js';

export interface EntryInstance {
  scope: TemplateScope;
  tag: InstanceTag;
  /** `region=us-east, check=health`, for a for_each instance. */
  label: string | undefined;
}

export interface EnvironmentScope {
  /** undefined when the set declares no environments. */
  name: string | undefined;
  /** The file's vars overlaid by the environment's. */
  vars: ReadonlyMap<string, VarValue>;
  varsElsewhere: ReadonlySet<string>;
}

/** The one instance of an entry without for_each, made once per environment (this runs for every monitor). */
const plainInstances = new WeakMap<EnvironmentScope, EntryInstance[]>();
function plainInstance(environment: EnvironmentScope): EntryInstance[] {
  let found = plainInstances.get(environment);
  if (!found) {
    found = [
      {
        scope: { vars: environment.vars, varsElsewhere: environment.varsElsewhere, each: undefined },
        tag: { env: environment.name, each: undefined },
        label: undefined,
      },
    ];
    plainInstances.set(environment, found);
  }
  return found;
}

/**
 * Splits an entry into its template fields and the two keys that say how to expand it;
 * `policy_exceptions` is not a field either (the policy check reads it from the entry).
 */
export function splitEntry(item: Record<string, unknown>): {
  fields: Record<string, unknown>;
  forEach: unknown;
  hasForEach: boolean;
} {
  if (
    !Object.hasOwn(item, 'for_each') &&
    !Object.hasOwn(item, 'environments') &&
    !Object.hasOwn(item, 'policy_exceptions')
  )
    return { fields: item, forEach: undefined, hasForEach: false };
  const { for_each: forEach, environments: _environments, policy_exceptions: _exceptions, ...fields } = item;
  return { fields, forEach, hasForEach: Object.hasOwn(item, 'for_each') };
}

export function entryInstances(
  entry: { forEach: unknown; hasForEach: boolean; only: readonly string[] | undefined },
  at: PathSegment[],
  environment: EnvironmentScope,
  problems: LocatedProblem[],
): EntryInstance[] {
  if (environment.name !== undefined && entry.only !== undefined && !entry.only.includes(environment.name)) return [];
  if (!entry.hasForEach) return plainInstance(environment);
  const base: TemplateScope = { vars: environment.vars, varsElsewhere: environment.varsElsewhere, each: undefined };
  const expanded = expandForEach(entry.forEach, base);
  for (const p of expanded.problems) {
    const problem: LocatedProblem = {
      path: [...at, 'for_each', ...p.path],
      target: p.target,
      severity: 'error',
      code: p.code,
      message: p.message,
      ...(p.needle !== undefined ? { needle: p.needle } : {}),
    };
    problems.push(tagged(problem, { env: environment.name, each: undefined }));
  }
  return expanded.instances.map((binding) => ({
    scope: { ...base, each: binding.values },
    tag: { env: environment.name, each: binding.label },
    label: binding.label,
  }));
}
