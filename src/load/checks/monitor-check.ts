// One monitor entry (or one instance of a template): merge it over the file's defaults,
// substitute `${var.NAME}` and `${each.KEY}`, resolve `${env:NAME}`, then run
// the monitor schema, the server rules and the lint warnings on the result. Every
// problem is mapped back to where its value was written: the entry, or the defaults.
// This runs for every monitor of every file, so the path without problems allocates
// as little as it can.
import { ID_PATTERN } from '../../schema/file-schema.js';
import type { EnvTemplate } from '../../model/monitor.js';
import type { PolicyExceptionUsed } from '../../model/policy-data.js';
import { envNamesIn } from '../../model/env-references.js';
import type { MonitorField } from '../../schema/monitor-input-schema.js';
import { ruleProblems } from '../../schema/rules.js';
import { monitorCandidates } from '../suggest/candidates.js';
import { envIssueCode, envIssueMessage, envIssueSeverity, resolveEnv, WHOLE_REFERENCE } from '../expand/env.js';
import type { PathSegment, Target } from '../values/yaml-path.js';
import { isTemplated, substituteValue, type TemplateScope } from '../expand/references.js';
import { lintWarnings } from './lint.js';
import { referenceMessage } from './secret-reference.js';
import { mergeOverDefaults } from '../expand/merge.js';
import { pointerSegments, type LocatedProblem } from '../values/problem.js';
import { schemaProblem } from './schema-messages.js';
import { loaderValidators } from './validators.js';

export interface CheckedMonitor {
  index: number;
  /** Resolved name, when the entry has a string name. */
  name: string | undefined;
  input: Record<string, unknown>;
  envRefs: Partial<Record<MonitorField, EnvTemplate>>;
  envValues: Record<string, string>;
  pinnedId: string | undefined;
  /** The for_each instance (`region=us-east, check=health`), for a monitor made from a template. */
  instance?: string;
  /** The entry as written (before defaults and templates; without for_each/environments): its own keys. */
  written: Readonly<Record<string, unknown>>;
  /** The policy exceptions that spared this monitor a violation (checks/policy-check.ts). */
  policyExceptions?: PolicyExceptionUsed[];
}

export interface MonitorCheckOptions {
  env: NodeJS.ProcessEnv;
  enabledIntervals?: readonly number[];
  /** How an unset `${env:NAME}` is reported: an error (plan, apply) or a warning (validate). */
  missingEnv?: 'error' | 'warning';
}

const ID = new RegExp(ID_PATTERN);
const NO_TEMPLATE_SCOPE: TemplateScope = { vars: new Map(), varsElsewhere: new Set(), each: undefined };
const LITERAL_SECRET =
  'auth_secret is written literally in the file; write ${env:NAME} and set NAME in the environment (the value is not shown)';

/** Collects one entry's problems, each pointed at where its value was written. */
class EntryProblems {
  readonly list: LocatedProblem[] = [];
  /** Fields whose ${env:NAME} could not be resolved: their value means nothing to check. */
  unresolved: Set<PathSegment> | undefined;

  constructor(
    private readonly item: Record<string, unknown>,
    private readonly defaults: Record<string, unknown>,
    private readonly index: number,
    private readonly fromSettings: ReadonlySet<string> | undefined,
  ) {}

  add(
    rel: readonly PathSegment[],
    target: Target,
    code: string,
    message: string,
    severity: 'error' | 'warning' = 'error',
    needle?: string,
    throughVar?: string,
  ): void {
    const field = rel[0];
    if (field !== undefined && !code.startsWith('env.') && !code.startsWith('template.') && this.unresolved?.has(field))
      return;
    const entry: PathSegment[] = ['monitors', this.index];
    let path = entry;
    let inSettings = false;
    if (typeof field !== 'string') target = 'value';
    else if (Object.hasOwn(this.item, field)) path = [...entry, ...rel];
    else if (this.fromSettings?.has(field)) {
      path = ['settings', 'defaults', ...rel];
      inSettings = true;
    } else if (Object.hasOwn(this.defaults, field)) path = ['defaults', ...rel];
    else target = 'value'; // a missing field: point at the entry
    const problem: LocatedProblem =
      needle === undefined
        ? { path, target, severity, code, message }
        : { path, target, severity, code, message, needle };
    if (inSettings) problem.inSettings = true;
    // The var's place is filled in by analyseFile, which knows where the environment's vars are.
    if (throughVar !== undefined) problem.throughVar = { name: throughVar, file: 'this', path: ['vars', throughVar] };
    this.list.push(problem);
  }
}

export function checkMonitor(
  item: Record<string, unknown>,
  index: number,
  defaults: Record<string, unknown>,
  options: MonitorCheckOptions,
  scope?: TemplateScope,
  fromSettings?: ReadonlySet<string>,
): { monitor: CheckedMonitor; problems: readonly LocatedProblem[] } {
  // Made at the first problem: most monitors have none.
  let found: EntryProblems | undefined;
  const problems = (): EntryProblems => (found ??= new EntryProblems(item, defaults, index, fromSettings));
  const input: Record<string, unknown> = mergeOverDefaults(defaults, item);
  let nameUnresolved = false; // a name with a bad reference is no name: it must not look duplicated
  let envRefs: Partial<Record<MonitorField, EnvTemplate>> | undefined;
  let envValues: Record<string, string> | undefined;
  // One pass: templates first (a var may hold an ${env:NAME}), then the written secret, then ${env:NAME}.
  // Most entries, and their defaults, hold no brace at all: then only the secret is looked at.
  const fields = mayHoldReference(item, defaults) ? input : NO_FIELDS;
  if (fields === NO_FIELDS && input.auth_secret !== undefined) checkSecret(input.auth_secret, problems);
  for (const field in fields) {
    let written = input[field];
    const beforeTemplates = written;
    // Most values are plain text without a brace: one scan rules out every kind of reference.
    if (!holdsBrace(written)) {
      if (field === 'auth_secret') checkSecret(written, problems);
      continue;
    }
    if (isTemplated(written)) {
      const substituted = substituteValue(written, scope ?? NO_TEMPLATE_SCOPE);
      for (const issue of substituted.issues)
        problems().add([field], 'value', issue.code, referenceMessage(field, issue), 'error', issue.text);
      if (substituted.issues.length > 0) {
        // A field with a broken reference has no value: nothing else is said of it (not secret.literal).
        (problems().unresolved ??= new Set()).add(field);
        if (field === 'name') nameUnresolved = true;
        continue;
      }
      written = input[field] = substituted.value;
    }
    if (field === 'id') continue;
    const resolved = resolveEnv(written, options.env);
    if (field === 'auth_secret' && !resolved.issues.some((i) => i.kind === 'reference')) checkSecret(written, problems);
    for (const issue of resolved.issues) {
      const through =
        beforeTemplates === written || issue.kind !== 'missing'
          ? undefined
          : varHolding(beforeTemplates, issue.name, scope);
      problems().add(
        [field],
        'value',
        envIssueCode(issue),
        issue.kind === 'reference' && issue.unquoted !== undefined
          ? referenceMessage(field, { message: envIssueMessage(issue, field), unquoted: issue.unquoted })
          : envIssueMessage(
              issue,
              through === undefined ? field : `${field} through \${var.${through}}`,
              options.missingEnv,
            ),
        envIssueSeverity(issue, options.missingEnv),
        issue.kind === 'reference' && beforeTemplates === written ? issue.text : undefined,
        through,
      );
    }
    if (resolved.issues.length > 0) (problems().unresolved ??= new Set()).add(field);
    if (resolved.templated) {
      (envRefs ??= {})[field as MonitorField] =
        typeof written === 'string' ? written : (written as unknown[]).map(String);
      for (const name of envNamesIn(written))
        if (options.env[name] !== undefined) (envValues ??= {})[name] = options.env[name]!;
    }
    input[field] = resolved.value;
  }
  let pinnedId: string | undefined;
  if (input.id !== undefined || Object.hasOwn(input, 'id')) {
    pinnedId = checkedId(input.id, problems);
    delete input.id;
  }

  const validate = loaderValidators().monitor;
  if (!validate(input)) {
    // With a refused `<<` merge key, the fields it was meant to bring are "missing": one error says why.
    const usesMergeKey = Object.hasOwn(item, '<<');
    const missing = (validate.errors ?? []).filter((e) => e.keyword === 'required' && e.instancePath === '');
    if (missing.length > 1 && !usesMergeKey)
      problems().add(
        [],
        'value',
        'schema.required',
        missingFieldsMessage(missing.map((e) => String(e.params.missingProperty))),
      );
    for (const e of validate.errors ?? []) {
      if (e.keyword === 'required' && (usesMergeKey || (missing.length > 1 && e.instancePath === ''))) continue;
      const field = pointerSegments(e.instancePath)[0];
      const p = schemaProblem(
        e,
        input,
        monitorCandidates,
        0,
        typeof field === 'string' && envRefs?.[field as MonitorField] !== undefined,
      );
      problems().add(p.path, p.target, p.code, p.message);
    }
  }
  for (const rule of ruleProblems(input, options)) {
    problems().add(pointerSegments(rule.pointer), 'value', rule.code, rule.message);
  }
  for (const warning of lintWarnings(input, item))
    problems().add(warning.path, 'value', warning.code, warning.message, 'warning');
  const name = typeof input.name === 'string' && !nameUnresolved ? input.name : undefined;
  return {
    monitor: {
      index,
      name,
      input,
      envRefs: envRefs ?? NO_REFS,
      envValues: envValues ?? NO_VALUES,
      pinnedId,
      written: item,
    },
    problems: found?.list ?? NO_PROBLEMS,
  };
}

// Shared by every monitor without references (never written to): one object each, not one per monitor.
const NO_REFS: Partial<Record<MonitorField, EnvTemplate>> = Object.freeze({});
const NO_VALUES: Record<string, string> = Object.freeze({});
const NO_PROBLEMS: readonly LocatedProblem[] = Object.freeze([]);

const NO_FIELDS: Record<string, unknown> = Object.freeze({});

/** Whether a value of the entry or of its defaults holds a brace: a reference of some kind may be written. */
function mayHoldReference(item: Record<string, unknown>, defaults: Record<string, unknown>): boolean {
  let inDefaults = DEFAULTS_WITH_BRACE.get(defaults);
  if (inDefaults === undefined) DEFAULTS_WITH_BRACE.set(defaults, (inDefaults = anyHoldsBrace(defaults)));
  return inDefaults || anyHoldsBrace(item);
}

// A file's defaults are one object for all its monitors: looked at once.
const DEFAULTS_WITH_BRACE = new WeakMap<Record<string, unknown>, boolean>();

function anyHoldsBrace(values: Record<string, unknown>): boolean {
  for (const key in values) if (holdsBrace(values[key])) return true;
  return false;
}

/** Text, or a list with text, holding a brace: a reference of some kind may be written there. */
function holdsBrace(value: unknown): boolean {
  if (typeof value === 'string') return value.indexOf('{') !== -1;
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item === 'string' && item.indexOf('{') !== -1) return true;
  return false;
}

/** The var, referenced in `written`, whose value holds `${env:NAME}`: where an unset variable came from. */
function varHolding(written: unknown, name: string, scope: TemplateScope | undefined): string | undefined {
  const texts = typeof written === 'string' ? [written] : Array.isArray(written) ? written : [];
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const m of text.matchAll(/(?<!\$)\$\{var\.([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
      const value = scope?.vars.get(m[1]!);
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'string' && envNamesIn(v).has(name))) return m[1];
    }
  }
  return undefined;
}

/**
 * Several missing fields, said once at the entry: `missing 12 required fields
 * (interval_seconds, timeout_seconds, ...): set them here or in defaults:` (the first few
 * named; a monitor missing most of them usually lacks a defaults: block, not twelve lines).
 */
export function missingFieldsMessage(fields: readonly string[]): string {
  const named = fields.length > 4 ? [...fields.slice(0, 4), '...'] : fields;
  return `missing ${fields.length} required fields (${named.join(', ')}): set them here or in defaults:`;
}

/** auth_secret must be written as one whole ${env:NAME} (after templates): anything else is a literal secret. */
function checkSecret(secret: unknown, problems: () => EntryProblems): void {
  if (typeof secret === 'string' && secret !== '' && !WHOLE_REFERENCE.test(secret))
    problems().add(['auth_secret'], 'value', 'secret.literal', LITERAL_SECRET);
}

/** The reconciler-level `id:` pin (never sent to the API): a monitor id as the spec spells them. */
function checkedId(id: unknown, problems: () => EntryProblems): string | undefined {
  if (typeof id !== 'string') problems().add(['id'], 'value', 'schema.type', 'id must be a string');
  else if (!ID.test(id))
    problems().add(
      ['id'],
      'value',
      'schema.pattern',
      'id must be a 26-character monitor id (digits and capital letters except I, L, O, U)',
    );
  else return id;
  return undefined;
}
