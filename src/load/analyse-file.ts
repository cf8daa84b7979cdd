// Everything that can be said about one file from its parsed value alone: its shape, each
// monitor (expanded per environment and for_each instance, merged, resolved, checked), its
// `moved`, `removed` and `deleted` entries and `settings`.
import { WHOLE_REFERENCE } from './expand/env.js';
import { eachEntry, resolved } from './lifecycle-entries.js';
import type { PathSegment } from './values/yaml-path.js';
import { entryInstances, splitEntry, type EnvironmentScope } from './expand/entry-instances.js';
import {
  entryEnvironments,
  isolationProblems,
  NO_ENVIRONMENTS,
  varsOf,
  type DeclaredEnvironments,
} from './expand/environments.js';
import { groupByInstance, tagged } from './expand/instances.js';
import type { InstanceTag } from './values/instance-tag.js';
import { fileDefaults } from './expand/shared-defaults.js';
import { runVarValues, type RunVars } from './expand/run-vars.js';
import { isTemplated } from './expand/references.js';
import { fileShapeProblems } from './checks/file-check.js';
import { isPlainObject } from './values/plain-object.js';
import { checkMonitor, type MonitorCheckOptions } from './checks/monitor-check.js';
import { declaredExceptions, policyProblems, type PolicyContext } from './checks/policy-check.js';
import { error, type LocatedProblem } from './values/problem.js';
import type { FileAnalysis } from './checks/file-analysis.js';

const LITERAL_SECRET =
  'auth_secret is written literally in the file; write ${env:NAME} and set NAME in the environment (the value is not shown)';

export interface AnalyseOptions extends MonitorCheckOptions {
  /** What the set declares (none: the file is analysed once, as without environments). */
  declared?: DeclaredEnvironments;
  /** The environments to check, in order; default every declared one. */
  checked?: readonly string[];
  /** settings.defaults of the set, under the file's own defaults:. */
  sharedDefaults?: Record<string, unknown>;
  /** The set's policy (checks/policy-pass.ts), when it declares one. */
  policy?: PolicyContext;
  /** Vars set for this run (--var, --var-file): over every other. */
  runVars?: RunVars;
}

export function analyseFile(value: unknown, options: AnalyseOptions): FileAnalysis {
  const declared = options.declared ?? NO_ENVIRONMENTS;
  const checked: (string | undefined)[] =
    declared.names.length === 0 ? [undefined] : [...(options.checked ?? declared.names)];
  const problems = fileShapeProblems(value);
  const analysis: FileAnalysis = {
    problems,
    environments: checked.map((environment) => ({ environment, monitors: [], moved: [], removed: [], deleted: [] })),
    settings: undefined,
    environmentSettings: new Map(),
  };
  if (!isPlainObject(value)) return analysis;
  const ownDefaults = isPlainObject(value.defaults) ? value.defaults : {};
  const { merged: defaults, fromSettings } = fileDefaults(ownDefaults, options.sharedDefaults);
  // Checked once here too, so that a literal secret in unused defaults is still reported.
  const secret = ownDefaults.auth_secret;
  if (typeof secret === 'string' && secret !== '' && !WHOLE_REFERENCE.test(secret) && !isTemplated(secret)) {
    problems.push(error(['defaults', 'auth_secret'], 'secret.literal', LITERAL_SECRET));
  }
  const defaultOnly = entryEnvironments(
    ownDefaults.environments,
    ['defaults', 'environments'],
    declared.names,
    problems,
  );
  const fileVars = varsOf(value.vars);
  const defaultExceptions = declaredExceptions(
    ownDefaults.policy_exceptions,
    ['defaults', 'policy_exceptions'],
    'defaults',
    options.policy,
    problems,
  );
  const runValues = runVarValues(options.runVars);
  const scopes: EnvironmentScope[] = checked.map((name) => ({
    name,
    vars:
      name === undefined && !runValues
        ? fileVars
        : new Map([...fileVars, ...((name !== undefined && declared.vars.get(name)) || []), ...(runValues ?? [])]),
    varsElsewhere: declared.varNames,
  }));

  if (Array.isArray(value.monitors)) {
    value.monitors.forEach((item, index) => {
      if (!isPlainObject(item)) return; // the file schema reported it
      const at: PathSegment[] = ['monitors', index];
      const { fields, forEach, hasForEach } = splitEntry(item);
      const only = Object.hasOwn(item, 'environments')
        ? entryEnvironments(item.environments, [...at, 'environments'], declared.names, problems)
        : defaultOnly;
      if (hasForEach && typeof item.id === 'string' && !isTemplated(item.id)) {
        problems.push(
          error(
            [...at, 'id'],
            'for_each.one_id',
            'id pins one live monitor, and a for_each makes several; write the id per instance (${each.id}) or leave it out',
          ),
        );
      }
      const exceptions =
        item.policy_exceptions === undefined
          ? defaultExceptions
          : [
              ...declaredExceptions(
                item.policy_exceptions,
                [...at, 'policy_exceptions'],
                'entry',
                options.policy,
                problems,
              ),
              ...defaultExceptions,
            ];
      scopes.forEach((environment, e) => {
        const rules = options.policy?.rulesIn(environment.name) ?? [];
        for (const instance of entryInstances({ forEach, hasForEach, only }, at, environment, problems)) {
          const checkedMonitor = checkMonitor(fields, index, defaults, options, instance.scope, fromSettings);
          if (instance.label !== undefined) checkedMonitor.monitor.instance = instance.label;
          analysis.environments[e]!.monitors.push(checkedMonitor.monitor);
          const monitorKey = instance.label === undefined ? `${index}` : `${index}\0${instance.label}`;
          for (const p of checkedMonitor.problems)
            problems.push(
              inMonitor(withVarPlace(p, environment.name, declared, options.runVars), instance.tag, monitorKey),
            );
          // Policy reads a monitor that is otherwise valid: a broken one would only add noise.
          if (rules.length === 0 || checkedMonitor.problems.some((p) => p.severity === 'error')) continue;
          const policy = policyProblems(
            checkedMonitor.monitor.input,
            item,
            ownDefaults,
            index,
            rules,
            exceptions,
            fromSettings,
          );
          for (const p of policy.problems) problems.push(inMonitor(p, instance.tag, monitorKey));
          if (policy.used.length > 0) checkedMonitor.monitor.policyExceptions = policy.used;
        }
      });
    });
  }
  // `moved` and `removed` entries: each key resolved per environment and instance, kept when every one is text.
  const lifecycle = { declared: declared.names, scopes, options, problems };
  eachEntry(value.moved, 'moved', ['from', 'to'], lifecycle, (e, index, [from, to], instance) =>
    analysis.environments[e]!.moved.push({ index, from: from!, to: to!, ...instance }),
  );
  eachEntry(value.removed, 'removed', ['name'], lifecycle, (e, index, [name], instance) =>
    analysis.environments[e]!.removed.push({ index, name: name!, ...instance }),
  );
  const deleted = Array.isArray(value.deleted) ? value.deleted : [];
  const deleteExceptions = deleted.map((entry, index) =>
    isPlainObject(entry)
      ? declaredExceptions(
          entry.policy_exceptions,
          ['deleted', index, 'policy_exceptions'],
          'deleted',
          options.policy,
          problems,
        )
      : [],
  );
  eachEntry(deleted, 'deleted', ['name'], lifecycle, (e, index, [name], instance) =>
    analysis.environments[e]!.deleted.push({ index, name: name!, ...instance, exceptions: deleteExceptions[index]! }),
  );
  if (isPlainObject(value.settings)) analyseSettings(value.settings, checked, options, analysis);
  analysis.problems = groupByInstance(problems, declared.names.length === 0 ? 0 : checked.length);
  return analysis;
}

/**
 * A problem of one generated monitor. One found in a value of `defaults:` or settings.defaults
 * is every monitor's alike that takes the value: it is said once, at the default, naming how
 * many monitors it affects (expand/instances.ts counts them by `monitor`) and, when not in
 * every environment, which; the for_each instance is not named.
 */
function inMonitor(problem: LocatedProblem, tag: InstanceTag, monitor: string): LocatedProblem {
  if (problem.path[0] !== 'defaults' && !problem.inSettings) return tagged(problem, tag);
  return { ...problem, instance: { ...tag, each: undefined }, monitor };
}

/** A var the environment sets is in the settings file (it wins over this file's vars:). */
function withVarPlace(
  problem: LocatedProblem,
  environment: string | undefined,
  declared: DeclaredEnvironments,
  runVars: RunVars | undefined,
): LocatedProblem {
  const through = problem.throughVar;
  const setForRun = through && runVars?.get(through.name);
  if (setForRun) return { ...problem, throughVar: { ...through, file: 'run', path: [], from: setForRun.from } };
  if (!through || environment === undefined || !declared.vars.get(environment)?.has(through.name)) return problem;
  const path = ['settings', 'environments', environment, 'vars', through.name];
  return { ...problem, throughVar: { ...through, file: 'settings', path } };
}

function analyseSettings(
  raw: Record<string, unknown>,
  checked: readonly (string | undefined)[],
  options: MonitorCheckOptions,
  analysis: FileAnalysis,
): void {
  const settings: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(raw))
    if (key !== 'environments' && key !== 'defaults')
      settings[key] = resolved(v, ['settings', key], options, analysis.problems);
  // Shared defaults are resolved per monitor, as a file's defaults are; a literal secret is said here, once.
  const shared = isPlainObject(raw.defaults) ? raw.defaults.auth_secret : undefined;
  if (typeof shared === 'string' && shared !== '' && !WHOLE_REFERENCE.test(shared) && !isTemplated(shared))
    analysis.problems.push(error(['settings', 'defaults', 'auth_secret'], 'secret.literal', LITERAL_SECRET));
  analysis.settings = settings;
  for (const p of isolationProblems(raw)) analysis.problems.push(p);
  const environments = raw.environments;
  if (!isPlainObject(environments)) return;
  // Only the environments checked are resolved: planning production needs none of staging's variables.
  for (const name of checked) {
    const environment = name === undefined ? undefined : environments[name];
    if (name === undefined || !isPlainObject(environment)) continue;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(environment))
      out[key] = key === 'vars' ? v : resolved(v, ['settings', 'environments', name, key], options, analysis.problems);
    analysis.environmentSettings.set(name, out);
  }
}
