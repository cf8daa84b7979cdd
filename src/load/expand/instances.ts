// One template, many monitors: a problem in a template is found once per instance and
// environment, but is written once, at the template's line. Problems that are the same
// (same place, code and message) are reported once, naming the first instance they occur
// in and counting the other monitors it occurs in: `(region=us-east, check=health,
// env=staging; and 5 more monitors)`.
// An environment is named only when the problem does not occur in every environment
// checked; with neither for_each nor environments, nothing is added (files without
// templates read exactly as before).
import type { LocatedProblem } from '../problem.js';

export interface InstanceTag {
  /** The environment, when the set declares environments. */
  env: string | undefined;
  /** The for_each bindings (`region=us-east, check=health`); undefined without for_each. */
  each: string | undefined;
}

export function tagged(problem: LocatedProblem, instance: InstanceTag): LocatedProblem {
  return instance.env === undefined && instance.each === undefined ? problem : { ...problem, instance };
}

function groupKey(p: LocatedProblem): string {
  return JSON.stringify([p.path, p.target, p.severity, p.code, p.message, p.needle ?? null, p.throughVar ?? null]);
}

/** Merges equal problems of several instances into one, whose message names the instances. */
export function groupByInstance(problems: readonly LocatedProblem[], checkedEnvironments: number): LocatedProblem[] {
  const groups = new Map<string, { problem: LocatedProblem; tags: InstanceTag[] }>();
  for (const problem of problems) {
    const key = groupKey(problem);
    const group = groups.get(key);
    if (group) {
      if (problem.instance) group.tags.push(problem.instance);
    } else {
      groups.set(key, { problem, tags: problem.instance ? [problem.instance] : [] });
    }
  }
  const out: LocatedProblem[] = [];
  for (const { problem, tags } of groups.values()) {
    const { instance: _instance, ...rest } = problem;
    const label = instanceLabel(tags, checkedEnvironments);
    out.push(label ? { ...rest, message: `${rest.message} (${label})` } : rest);
  }
  return out;
}

/** `region=us-east, env=staging; and 2 more monitors`, or '' when there is nothing to tell apart. */
export function instanceLabel(tags: readonly InstanceTag[], checkedEnvironments: number): string {
  const eachLabels = distinct(tags.map((t) => t.each));
  const envs = distinct(tags.map((t) => t.env));
  const parts: string[] = [];
  if (eachLabels.length > 0) parts.push(eachLabels[0]!);
  if (envs.length > 0 && envs.length < checkedEnvironments) parts.push(...envs.map((e) => `env=${e}`));
  if (parts.length === 0) return '';
  // Each tag is one generated monitor (an instance in an environment): the count is of monitors.
  const more = eachLabels.length > 0 ? tags.length - 1 : 0;
  return `${parts.join(', ')}${more > 0 ? `; and ${more} more monitor${more === 1 ? '' : 's'}` : ''}`;
}

function distinct(values: readonly (string | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const v of values) if (v !== undefined) seen.add(v);
  return [...seen];
}
