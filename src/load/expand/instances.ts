// One template, many monitors: a problem in a template is found once per instance and
// environment, but is written once, at the template's line. Problems that are the same
// (same place, code and message) are reported once, naming the first instance they occur
// in and counting the other monitors it occurs in: `(region=us-east, check=health,
// env=staging; and 5 more monitors)`.
// An environment is named only when the problem does not occur in every environment
// checked; with neither for_each nor environments, nothing is added (files without
// templates read exactly as before).
// A problem of a default (a value of `defaults:` or settings.defaults) is counted instead:
// how many monitors take the value (`affects`), and in which environments; the message is
// completed where it is located (locate-problems.ts), since the monitors of settings.defaults
// are in every file of the set.
import type { LocatedProblem } from '../values/problem.js';
import type { InstanceTag } from '../values/instance-tag.js';

export function tagged(problem: LocatedProblem, instance: InstanceTag): LocatedProblem {
  return instance.env === undefined && instance.each === undefined ? problem : { ...problem, instance };
}

function groupKey(p: LocatedProblem): string {
  return JSON.stringify([p.path, p.target, p.severity, p.code, p.message, p.needle ?? null, p.throughVar ?? null]);
}

/** Merges equal problems of several instances into one, whose message names the instances. */
export function groupByInstance(problems: readonly LocatedProblem[], checkedEnvironments: number): LocatedProblem[] {
  const groups = new Map<string, { problem: LocatedProblem; tags: InstanceTag[]; monitors: Set<string> }>();
  for (const problem of problems) {
    const key = groupKey(problem);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { problem, tags: [], monitors: new Set() }));
    if (problem.instance) group.tags.push(problem.instance);
    if (problem.monitor !== undefined) group.monitors.add(problem.monitor);
  }
  const out: LocatedProblem[] = [];
  for (const { problem, tags, monitors } of groups.values()) {
    const { instance: _instance, monitor: _monitor, ...rest } = problem;
    if (monitors.size > 0) {
      out.push({ ...rest, affects: monitors.size, environments: distinct(tags.map((t) => t.env)) });
      continue;
    }
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

/**
 * The end of a default's message: `affects 4 monitors`, `env=production; affects 1 monitor`.
 * `environments`: where it occurs; named when fewer than every environment checked.
 */
export function affectsLabel(affects: number, environments: readonly string[], checkedEnvironments: number): string {
  const envs = environments.length > 0 && environments.length < checkedEnvironments ? environments : [];
  return [...envs.map((e) => `env=${e}`), `affects ${affects} monitor${affects === 1 ? '' : 's'}`].join('; ');
}
