// `policy:` as written -> rules ready to check, and the problems of the rules themselves
// (each at its own line). The file schema has checked the shape already; an item it
// refused is left out here without a second message. A rule in error is not applied:
// its problem is an error, so the set does not pass anyway.
import { canonicalJson } from '../model/canonical-json.js';
import type { DeniableChange, PolicyLevel, PolicyRuleData } from '../model/policy-data.js';
import { DENIABLE_CHANGES, POLICY_ID_PATTERN, POLICY_LEVELS } from '../schema/policy-schema.js';
import { backtrackFreeRegExp } from './backtrack-free.js';
import { REQUIREMENTS } from './requirements.js';
import type { CompiledRule, RegexCompiler, Requirement, RuleProblem, SchemaCompiler } from './types.js';
import { compileWhere } from './where.js';

export interface CompiledPolicy {
  /** The rules that compiled, in the order written, each with its plain description. */
  rules: { rule: CompiledRule; data: PolicyRuleData }[];
  /** Every id declared (a rule in error too): an exception naming one of them names a rule. */
  ids: ReadonlySet<string>;
  problems: RuleProblem[];
}

const ID = new RegExp(POLICY_ID_PATTERN);
const isMapping = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** True when some rule has a `schema:`: the caller then loads a SchemaCompiler (ajv) for it. */
export function needsSchemaCompiler(raw: unknown): boolean {
  return Array.isArray(raw) && raw.some((item) => isMapping(item) && item.schema !== undefined);
}

/**
 * True when some rule has a regular expression (a `name_pattern`, a pattern of a `schema:`)
 * that V8 cannot be trusted with (backtrack-free.ts): the caller then loads the linear-time
 * engine (src/policy/linear-regex.ts).
 */
export function needsRegexCompiler(raw: unknown): boolean {
  if (!Array.isArray(raw)) return false;
  const slow = (source: unknown) => typeof source === 'string' && backtrackFreeRegExp(source) === undefined;
  return raw.some(
    (item) =>
      isMapping(item) &&
      ((isMapping(item.require) && slow(item.require.name_pattern)) || patternsOf(item.schema).some(slow)),
  );
}

/** Every `pattern` value and `patternProperties` key of a schema (and a few strings more: harmless). */
function patternsOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(patternsOf);
  if (!isMapping(node)) return [];
  const own = [
    ...(typeof node.pattern === 'string' ? [node.pattern] : []),
    ...(isMapping(node.patternProperties) ? Object.keys(node.patternProperties) : []),
  ];
  return [...own, ...Object.values(node).flatMap(patternsOf)];
}

/** The engines a policy's rules may need, each loaded only when a rule does (see the needs* functions). */
export interface PolicyEngines {
  schema?: SchemaCompiler;
  regex?: RegexCompiler;
}

export function compilePolicy(raw: unknown, engines: PolicyEngines = {}): CompiledPolicy {
  const compiled: CompiledPolicy = { rules: [], ids: new Set(), problems: [] };
  if (!Array.isArray(raw)) return compiled;
  const ids = new Set<string>();
  raw.forEach((item, index) => {
    if (!isMapping(item) || typeof item.id !== 'string' || !ID.test(item.id)) return;
    const at = ['policy', index];
    if (ids.has(item.id)) {
      compiled.problems.push({
        path: [...at, 'id'],
        code: 'policy.rule.duplicate',
        message: `a rule with id ${item.id} is declared earlier in policy:; give each rule its own id`,
      });
      return;
    }
    ids.add(item.id);
    const rule = compileRule(item, at, compiled.problems, engines);
    if (rule) compiled.rules.push({ rule, data: dataOf(item, rule) });
  });
  compiled.ids = ids;
  return compiled;
}

function compileRule(
  item: Record<string, unknown>,
  at: (string | number)[],
  problems: RuleProblem[],
  engines: PolicyEngines,
): CompiledRule | undefined {
  if (!(POLICY_LEVELS as readonly unknown[]).includes(item.level)) return undefined;
  const before = problems.length;
  if (item.require === undefined && item.schema === undefined && item.deny === undefined) {
    problems.push({
      path: at,
      code: 'policy.rule.empty',
      message: `rule ${item.id as string} checks nothing; give it require:, schema: or deny:`,
    });
  }
  const deny = Array.isArray(item.deny)
    ? item.deny.filter((d): d is DeniableChange => (DENIABLE_CHANGES as readonly unknown[]).includes(d))
    : undefined;
  if (deny && isMapping(item.where) && item.where.tags !== undefined) {
    problems.push({
      path: [...at, 'where', 'tags'],
      code: 'policy.rule.deny_tags',
      message:
        'a deny rule matches changes by name and type only: a delete knows no tags (the listing does not return them); drop where.tags',
    });
  }
  const requirements: Requirement[] = [];
  if (isMapping(item.require)) {
    for (const [key, value] of Object.entries(item.require)) {
      const build = REQUIREMENTS[key];
      const made = build ? build(value, [...at, 'require', key], problems, engines.regex) : undefined;
      if (made) requirements.push(made);
    }
  }
  if (isMapping(item.schema)) {
    const made = engines.schema?.(item.schema) ?? { error: 'no JSON Schema compiler was loaded' };
    if ('error' in made) problems.push(schemaProblem(item.schema, [...at, 'schema'], made));
    else requirements.push((subject) => made.validate(subject.input));
  }
  const where = isMapping(item.where) ? compileWhere(item.where, [...at, 'where'], problems) : undefined;
  if (problems.length > before) return undefined;
  return {
    id: item.id as string,
    level: item.level as PolicyLevel,
    description: typeof item.description === 'string' ? item.description : undefined,
    environments: Array.isArray(item.environments)
      ? item.environments.filter((e): e is string => typeof e === 'string')
      : undefined,
    where,
    requirements,
    deny,
  };
}

function dataOf(item: Record<string, unknown>, rule: CompiledRule): PolicyRuleData {
  const strings = (value: unknown) =>
    value === undefined ? undefined : (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string');
  const where = isMapping(item.where) ? item.where : {};
  const types = strings(where.type);
  const names = strings(where.name);
  return {
    id: rule.id,
    level: rule.level,
    ...(rule.description !== undefined ? { description: rule.description } : {}),
    ...(rule.deny ? { deny: rule.deny } : {}),
    ...(rule.deny && types ? { whereTypes: types } : {}),
    ...(rule.deny && names ? { whereNames: names } : {}),
    fingerprint: shortHash(item),
    parts: Object.fromEntries(
      Object.keys(item)
        .filter((key) => key !== 'id' && key !== 'level')
        .sort()
        .map((key) => [key, shortHash(item[key])]),
    ),
  };
}

/**
 * Compared by meaning: the canonical JSON, so key order and spelling of the YAML do not count.
 * node:crypto is got here, not imported: loading it costs every start of the loader a few
 * milliseconds, and only a policy with rules needs it.
 */
const shortHash = (value: unknown): string =>
  process.getBuiltinModule('node:crypto').createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);

/** A schema that does not compile; a pattern RE2 cannot run is pointed at where it is written. */
function schemaProblem(
  schema: Record<string, unknown>,
  at: (string | number)[],
  made: { error: string; pattern?: string },
): RuleProblem {
  if (made.pattern === undefined)
    return {
      path: at,
      code: 'policy.rule.schema',
      message: `schema: is not a JSON Schema that compiles: ${made.error}`,
    };
  return {
    path: [...at, ...(pathOfPattern(schema, made.pattern) ?? [])],
    code: 'policy.rule.regex',
    message: made.error,
  };
}

/** Where in a schema a `pattern` value or a `patternProperties` key is written (depth-first, the first one). */
function pathOfPattern(node: unknown, pattern: string): (string | number)[] | undefined {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const found = pathOfPattern(node[i], pattern);
      if (found) return [i, ...found];
    }
    return undefined;
  }
  if (!isMapping(node)) return undefined;
  if (node.pattern === pattern) return ['pattern'];
  if (isMapping(node.patternProperties) && Object.hasOwn(node.patternProperties, pattern))
    return ['patternProperties', pattern];
  for (const [key, value] of Object.entries(node)) {
    const found = pathOfPattern(value, pattern);
    if (found) return [key, ...found];
  }
  return undefined;
}
