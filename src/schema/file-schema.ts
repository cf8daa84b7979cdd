// Schema of a whole YAML file of monitors: `defaults`, `monitors`, `moved`, `removed`,
// `settings`, `vars`. Editors use the generated JSON (`# yaml-language-server: $schema=...`); the
// loader uses the monitor-input schema per merged monitor, so this one may be looser
// where merging makes fields optional. Templates (`${var.NAME}`, `${each.KEY}`, `for_each`,
// environments) are described here for editors; the loader checks them itself
// (src/load/expand), where it can name the instance a problem belongs to.
import { monitorInputProperties } from './monitor-input-schema.js';
import { policyExceptionsSchema, policySchema } from './policy-schema.js';
import { ENVIRONMENT_NAME_PATTERN, environmentsListSchema } from './environments-schema.js';

export { ENVIRONMENT_NAME_PATTERN, environmentsListSchema } from './environments-schema.js';

export const ID_PATTERN = '^[0-9A-HJKMNP-TV-Z]{26}$';
/** Names of vars, for_each keys and environment variables. */
export const NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$';
/** A value written as one whole `${var.NAME}` or `${each.KEY}`: it takes the type of what it refers to. */
export const WHOLE_TEMPLATE_PATTERN = '^\\$\\{(?:var|each)\\.[A-Za-z_][A-Za-z0-9_]*\\}$';

/**
 * A field that may also be written as one whole template reference (`interval_seconds:
 * ${var.interval}`): checked as the field only when it is not one. The loader checks the
 * value after substitution, per instance.
 */
function templatable<T extends Record<string, object>>(
  properties: T,
): { [K in keyof T]: { if: object; then: true; else: T[K] } } {
  const out: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(properties)) {
    out[field] = { if: { type: 'string', pattern: WHOLE_TEMPLATE_PATTERN }, then: true, else: schema };
  }
  return out as { [K in keyof T]: { if: object; then: true; else: T[K] } };
}

const { name: _name, ...defaultable } = monitorInputProperties;
/** The fields `defaults` may set (each may also be one whole reference): every field of the monitor input but its name. */
export const defaultableProperties = defaultable;

const scalar = { type: ['string', 'number', 'boolean'] } as const;

/**
 * `settings.defaults`: fields every monitor of every file of the set starts from, under each
 * file's own `defaults:` (the file's value wins, key by key; docs/yaml-format.md says why).
 */
export const sharedDefaultsSchema = {
  type: 'object',
  additionalProperties: false,
  description:
    "Fields every monitor of every file of the set starts from; a file's own defaults: win, key by key, and a monitor's own fields win over both.",
  properties: templatable(defaultableProperties),
} as const;

export const forEachSchema = {
  description:
    'Makes one monitor per instance: a mapping of lists gives their product ({region: [a, b], check: [x, y]}: 4 monitors), a list of mappings one monitor per mapping. Refer to a value with ${each.KEY}.',
  oneOf: [
    {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: NAME_PATTERN },
      additionalProperties: {
        oneOf: [
          { type: 'array', minItems: 1, items: scalar },
          { type: 'string', pattern: '^\\$\\{var\\.[A-Za-z_][A-Za-z0-9_]*\\}$', description: 'a var holding a list' },
        ],
      },
    },
    {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        minProperties: 1,
        propertyNames: { pattern: NAME_PATTERN },
        additionalProperties: scalar,
      },
    },
  ],
} as const;

export const varsSchema = {
  type: 'object',
  propertyNames: { pattern: NAME_PATTERN },
  additionalProperties: { type: ['string', 'number', 'boolean', 'null', 'array'], items: scalar },
  description:
    'Values for ${var.NAME}: text, a number, true/false, null or a list. A whole-value reference keeps the type.',
} as const;

export const monitorItemProperties = {
  ...templatable(monitorInputProperties),
  id: {
    type: 'string',
    pattern: ID_PATTERN,
    description:
      'Pins this entry to one live monitor id (reconciler-level; never sent to the API). Use it when two live monitors share a name.',
  },
  for_each: forEachSchema,
  environments: environmentsListSchema,
  policy_exceptions: policyExceptionsSchema,
} as const;

export const environmentSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['token_env'],
  properties: {
    api_url: {
      type: 'string',
      minLength: 1,
      description: "This environment's API base URL ending in /api/v1; it wins over MONITORS_API_URL.",
    },
    token_env: {
      type: 'string',
      pattern: NAME_PATTERN,
      description:
        "The environment variable holding this environment's API token (never MONITORS_API_TOKEN as a fallback).",
    },
    lock_file: {
      type: 'string',
      minLength: 1,
      description:
        "This environment's lock file, relative to this file. Default: monitors.<name>.lock.json where monitors.lock.json would be.",
    },
    vars: varsSchema,
  },
} as const;

export const settingsSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Reconciler settings. At most one file of a set may declare them.',
  properties: {
    scope: {
      description:
        'Which live monitors the tool owns besides those in its lock file: "lock" (default: only what it created or adopted), "workspace" (every monitor), or {prefix: "..."} (names starting with it).',
      oneOf: [
        { type: 'string', enum: ['lock', 'workspace'] },
        {
          type: 'object',
          additionalProperties: false,
          required: ['prefix'],
          properties: { prefix: { type: 'string', minLength: 1, maxLength: 100 } },
        },
      ],
    },
    max_deletes: {
      type: 'integer',
      minimum: 0,
      description:
        'A plan deleting more monitors than this is refused unless --allow-mass-delete is given. Default 20.',
    },
    max_delete_share: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      description:
        'A plan deleting more than this share of the managed live monitors is refused unless --allow-mass-delete. Default 0.5.',
    },
    lock_file: {
      type: 'string',
      minLength: 1,
      description:
        'Lock file path, relative to this file. Default: monitors.lock.json in the folder holding the monitors files loaded.',
    },
    api_url: {
      type: 'string',
      minLength: 1,
      description: 'API base URL ending in /api/v1. MONITORS_API_URL overrides it.',
    },
    defaults: sharedDefaultsSchema,
    environments: {
      type: 'object',
      minProperties: 1,
      propertyNames: { pattern: ENVIRONMENT_NAME_PATTERN },
      additionalProperties: environmentSchema,
      description:
        'Workspaces this set is applied to (staging, production, ...), each with its own API URL, token variable, lock file and vars. plan and apply then need --env NAME.',
    },
  },
} as const;

export const monitorsFileSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://monitors-as-code.dev/schema/monitors-file.schema.json',
  title: 'monitors YAML file',
  description:
    'A file of monitors: each item of `monitors` is merged over `defaults` and must then be a complete monitor input.',
  type: 'object',
  additionalProperties: false,
  properties: {
    defaults: {
      type: 'object',
      additionalProperties: false,
      description: "Fields every monitor of this file starts from; a monitor's own fields win.",
      properties: {
        ...templatable(defaultableProperties),
        environments: environmentsListSchema,
        policy_exceptions: policyExceptionsSchema,
      },
    },
    vars: {
      ...varsSchema,
      description: "This file's values for ${var.NAME}; an environment's vars (settings.environments.NAME.vars) win.",
    },
    monitors: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['name'], properties: monitorItemProperties },
    },
    moved: {
      type: 'array',
      description:
        'Declared renames: the live monitor named `from` is renamed to `to` in place (same id, history kept).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to'],
        properties: {
          from: { type: 'string', minLength: 2, maxLength: 100 },
          to: { type: 'string', minLength: 2, maxLength: 100 },
          for_each: forEachSchema,
          environments: environmentsListSchema,
        },
      },
    },
    removed: {
      type: 'array',
      description:
        'Monitors to stop managing without deleting them: the plan shows a forget, apply drops the lock record and sends nothing; the monitor stays on the server, unmanaged.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { type: 'string', minLength: 2, maxLength: 100, description: 'The name the lock file records.' },
          for_each: forEachSchema,
          environments: environmentsListSchema,
        },
      },
    },
    deleted: {
      type: 'array',
      description:
        'Deletes made on purpose: each names a monitor this change deletes, with the policy_exceptions (id and reason) that let the delete through a `deny: [delete]` rule, for review in the pull request (docs/policy.md, "A reviewed delete").',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'policy_exceptions'],
        properties: {
          name: { type: 'string', minLength: 2, maxLength: 100, description: 'The name of the monitor deleted.' },
          policy_exceptions: policyExceptionsSchema,
          for_each: forEachSchema,
          environments: environmentsListSchema,
        },
      },
    },
    settings: settingsSchema,
    policy: policySchema,
  },
} as const;
