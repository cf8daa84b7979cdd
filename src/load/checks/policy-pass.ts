// The set's `policy:`, read in the first pass with `settings:` (a file whose text holds the
// word is parsed then), so that every file is checked against it as it is analysed. Only
// the first file declaring it counts; a second is an error at each (policy.declared_twice).
// ajv is loaded only when a rule has a `schema:`, the linear-time regex engine only when a
// rule has a regular expression.
import type { DesiredPolicy } from '../../model/policy-data.js';
import { compilePolicy, needsRegexCompiler, needsSchemaCompiler, type CompiledPolicy } from '../../policy/compile.js';
import { monitorRulesIn } from '../../policy/evaluate.js';
import type { CompiledRule } from '../../policy/types.js';
import { isPlainObject } from '../values/plain-object.js';
import type { PolicyContext } from './policy-check.js';
import { entryEnvironments, type DeclaredEnvironments } from '../expand/environments.js';
import { error, type LocatedProblem } from '../values/problem.js';

export interface LoadedPolicy extends PolicyContext {
  /** Problems per file index: the rules' own (in the declaring file), and policy.declared_twice. */
  problems: Map<number, LocatedProblem[]>;
  /** The index of the file whose policy counts. */
  file: number;
  /** What the planner gets of the policy in one environment (src/plan/policy-section.ts). */
  dataFor(environment: string | undefined): Omit<DesiredPolicy, 'source'>;
  /** Every rule that compiled, in the order written: what reports say of each (SARIF's rules). */
  described: readonly { id: string; level: string; description: string | undefined }[];
}

/** `values`: each file's parsed value, by index (undefined: not read in the first pass, foreign or unparsed). */
export async function readPolicy(
  values: readonly unknown[],
  declared: DeclaredEnvironments,
): Promise<LoadedPolicy | undefined> {
  const declaring = values.flatMap((v, i) => (isPlainObject(v) && Object.hasOwn(v, 'policy') ? [i] : []));
  const file = declaring[0];
  if (file === undefined) return undefined;
  const raw = (values[file] as Record<string, unknown>).policy;
  const regex = needsRegexCompiler(raw) ? (await import('../../policy/linear-regex.js')).compileLinear : undefined;
  const schema = needsSchemaCompiler(raw)
    ? (await import('../../policy/schema-rule.js')).schemaCompiler(regex)
    : undefined;
  const compiled = compilePolicy(raw, { ...(schema ? { schema } : {}), ...(regex ? { regex } : {}) });
  const ruleProblems: LocatedProblem[] = compiled.problems.map((p) => error(p.path, p.code, p.message));
  checkEnvironments(raw, compiled, declared, ruleProblems);
  const problems = new Map<number, LocatedProblem[]>([[file, ruleProblems]]);
  if (declaring.length > 1) for (const i of declaring) append(problems, i, duplicate(declaring.length));
  const byEnvironment = new Map<string | undefined, CompiledRule[]>();
  const rules = compiled.rules.map((r) => r.rule);
  return {
    file,
    problems,
    ids: compiled.ids,
    described: rules.map(({ id, level, description }) => ({ id, level, description })),
    rulesIn(environment) {
      let found = byEnvironment.get(environment);
      if (!found) byEnvironment.set(environment, (found = monitorRulesIn(rules, environment)));
      return found;
    },
    dataFor(environment) {
      return {
        rules: compiled.rules
          .filter(
            ({ rule }) => !rule.environments || (environment !== undefined && rule.environments.includes(environment)),
          )
          .map((r) => r.data),
      };
    },
  };
}

/** A rule's `environments:` names declared environments (as an entry's does); the rule keeps those it names. */
function checkEnvironments(
  raw: unknown,
  compiled: CompiledPolicy,
  declared: DeclaredEnvironments,
  problems: LocatedProblem[],
): void {
  if (!Array.isArray(raw)) return;
  raw.forEach((item, index) => {
    if (!isPlainObject(item) || item.environments === undefined) return;
    const names = entryEnvironments(item.environments, ['policy', index, 'environments'], declared.names, problems);
    const rule = compiled.rules.find((r) => r.rule.id === item.id)?.rule;
    if (rule) rule.environments = names ?? [];
  });
}

function duplicate(count: number): LocatedProblem {
  return error(
    ['policy'],
    'policy.declared_twice',
    `policy: is declared in ${count} files; keep it in one file (the platform team's, owned through CODEOWNERS)`,
    'key',
  );
}

function append(map: Map<number, LocatedProblem[]>, key: number, value: LocatedProblem): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
