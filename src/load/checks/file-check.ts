// Checks the shape of one parsed file against the whole-file schema: top-level keys,
// `defaults`, item keys, `moved`, `removed`, `settings`. Per-monitor checks after merging defaults
// live in monitor-check.ts.
import type { ErrorObject } from 'ajv';
import { defaultableProperties, WHOLE_TEMPLATE_PATTERN } from '../../schema/file-schema.js';
import { fileCandidates } from '../suggest/candidates.js';
import { error, type LocatedProblem } from '../values/problem.js';
import { isPlainObject } from '../values/plain-object.js';
import { schemaProblem } from './schema-messages.js';
import { loaderValidators } from './validators.js';

const describeKind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'a list' : `a ${typeof v}`);

export function fileShapeProblems(value: unknown): LocatedProblem[] {
  if (value === undefined)
    return [error([], 'file.empty', 'the file is empty; a monitors file has a top-level monitors: list')];
  if (!isPlainObject(value)) {
    return [
      error(
        [],
        'file.not_mapping',
        `the file holds ${describeKind(value)}; a monitors file is a mapping with a top-level monitors: list`,
      ),
    ];
  }
  const problems: LocatedProblem[] = [];
  const validate = loaderValidators().file;
  // One push per error: a file of 300,000 bad items must not overflow the stack (push(...list)).
  const checked = withoutWholeTemplates(value);
  if (!validate(checked))
    for (const e of collapseOneOrList(collapseScope(validate.errors ?? [], checked)))
      problems.push(toLocated(e, checked));
  if (!['monitors', 'moved', 'removed', 'deleted', 'settings', 'policy'].some((key) => key in value)) {
    problems.push(
      error(
        [],
        'file.no_monitors',
        'no monitors: list in this file (a file needs monitors:, moved:, removed:, settings: or policy:)',
      ),
    );
  }
  return problems;
}

const WHOLE_TEMPLATE = new RegExp(WHOLE_TEMPLATE_PATTERN);
const TEMPLATABLE = new Set(Object.keys(defaultableProperties));

/**
 * The file with the fields of `defaults` written as one whole `${var.NAME}` or `${each.KEY}`
 * left out: they take the type of what they refer to, and are checked per monitor after
 * substitution. The loader's compiled schema of defaults has no `if` for them (see
 * validators-source.ts). Only the fields defaults may set: any other key is reported whatever
 * its value.
 */
function withoutWholeTemplates(file: Record<string, unknown>): Record<string, unknown> {
  const defaults = isPlainObject(file.defaults) ? withoutWholeReferences(file.defaults) : undefined;
  // settings.defaults likewise: the set's shared defaults, checked where they are written.
  const settings = file.settings;
  const shared =
    isPlainObject(settings) && isPlainObject(settings.defaults) ? withoutWholeReferences(settings.defaults) : undefined;
  if (defaults === undefined && shared === undefined) return file;
  return {
    ...file,
    ...(defaults !== undefined ? { defaults } : {}),
    ...(shared !== undefined ? { settings: { ...(settings as Record<string, unknown>), defaults: shared } } : {}),
  };
}

/** The defaults without their whole-reference fields, or undefined when none is one. */
function withoutWholeReferences(defaults: Record<string, unknown>): Record<string, unknown> | undefined {
  let kept: Record<string, unknown> | undefined;
  for (const [field, value] of Object.entries(defaults)) {
    if (typeof value !== 'string' || !TEMPLATABLE.has(field) || !WHOLE_TEMPLATE.test(value)) continue;
    kept ??= { ...defaults };
    delete kept[field];
  }
  return kept;
}

function toLocated(e: ErrorObject, validated: unknown): LocatedProblem {
  const p = schemaProblem(e, validated, fileCandidates, labelStart(e.instancePath));
  return { ...p, severity: 'error' };
}

/** Messages name the field inside its section: `timeout_seconds`, not `monitors[3].timeout_seconds`. */
function labelStart(instancePath: string): number {
  if (
    instancePath.startsWith('/monitors/') ||
    instancePath.startsWith('/policy/') ||
    instancePath.startsWith('/moved/') ||
    instancePath.startsWith('/removed/')
  )
    return instancePath.split('/').length > 3 ? 2 : 0;
  if (instancePath.startsWith('/settings/environments/')) return 3;
  if (instancePath.startsWith('/settings/defaults/')) return 2;
  if (
    instancePath.startsWith('/defaults/') ||
    instancePath.startsWith('/settings/') ||
    instancePath.startsWith('/vars/')
  )
    return 1;
  return 0;
}

/** `settings.scope` is a oneOf: one clear message instead of one per branch. */
function collapseScope(errors: ErrorObject[], value: Record<string, unknown>): ErrorObject[] {
  const inScope = (e: ErrorObject) =>
    e.schemaPath.includes('/scope/oneOf') || (e.instancePath.startsWith('/settings/scope') && e.keyword === 'oneOf');
  const others = errors.filter((e) => !inScope(e));
  if (others.length === errors.length) return errors;
  const scope = isPlainObject(value.settings) ? value.settings.scope : undefined;
  if (isPlainObject(scope)) return [...others, ...errors.filter((e) => e.schemaPath.includes('/scope/oneOf/1'))];
  const one: ErrorObject = {
    instancePath: '/settings/scope',
    schemaPath: '#/properties/settings/properties/scope',
    keyword: 'scope',
    params: {},
    message: 'must be "lock", "workspace" or a mapping {prefix: "..."}',
  };
  return [...others, one];
}

/**
 * A policy key that takes one value or a list of them (`where.type`, `where.name`,
 * `require.execution_mode`) is a oneOf: one message at the value instead of one per branch.
 */
function collapseOneOrList(errors: ErrorObject[]): ErrorObject[] {
  const places = errors
    .filter((e) => e.keyword === 'oneOf' && e.instancePath.startsWith('/policy/'))
    .map((e) => e.instancePath);
  if (places.length === 0) return errors;
  const inside = (e: ErrorObject) => places.some((p) => e.instancePath === p || e.instancePath.startsWith(`${p}/`));
  return [
    ...errors.filter((e) => !inside(e)),
    ...places.map((instancePath): ErrorObject => ({
      instancePath,
      schemaPath: '#/properties/policy',
      keyword: 'oneOf',
      params: {},
      message: 'must be one value or a non-empty list of values (docs/policy.md says which)',
    })),
  ];
}
