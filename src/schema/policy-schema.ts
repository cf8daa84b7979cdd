// Schema of `policy:` (the rules a platform team sets once for the whole set) and of
// `policy_exceptions:` (a monitor, or a file's defaults, opting out of a rule with a reason).
// The shape is checked here, with every other key of the file (unknown keys and "did you
// mean" for free); what a schema cannot say (a glob or a regex that does not compile, an
// exception naming no rule) is checked by src/policy/compile.ts and the loader.
import { environmentsListSchema } from './environments-schema.js';
import { EXECUTION_MODES, MONITOR_FIELDS, MONITOR_TYPES } from './monitor-input-schema.js';

/** A rule's id: also the tail of its diagnostics' code (`policy.team-tag`), so no dot. */
export const POLICY_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,62}$';
export const POLICY_LEVELS = ['mandatory', 'advisory'] as const;
/** The plan changes a `deny` rule may refuse. */
export const DENIABLE_CHANGES = ['create', 'replace', 'delete'] as const;

const oneOrMore = <T extends object>(item: T) => ({
  oneOf: [item, { type: 'array', minItems: 1, items: item }],
});
const glob = { type: 'string', minLength: 1 } as const;
const globs = { type: 'array', minItems: 1, items: glob } as const;

export const policyWhereSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  description: 'Only the monitors matching every key given.',
  properties: {
    type: { ...oneOrMore({ type: 'string', enum: MONITOR_TYPES }), description: 'One type or a list of them.' },
    name: { ...oneOrMore(glob), description: 'A glob over the whole name (* any text), or a list of globs.' },
    tags: { ...globs, description: 'Each glob matches at least one label of the comma-separated tags.' },
  },
} as const;

export const policyRequireSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  description: 'What every monitor the rule applies to must have (docs/policy.md says what each key means).',
  properties: {
    tags: { ...globs, description: 'Each glob must match at least one label of `tags`.' },
    min_locations: { type: 'integer', minimum: 1, description: '`locations` names at least this many locations.' },
    max_interval_seconds: { type: 'integer', minimum: 1, description: '`interval_seconds` is at most this.' },
    name_pattern: { type: 'string', minLength: 1, description: 'A regular expression the name must match.' },
    types: {
      type: 'array',
      minItems: 1,
      items: { type: 'string', enum: MONITOR_TYPES },
      description: 'The types allowed.',
    },
    fields: {
      type: 'array',
      minItems: 1,
      items: { type: 'string', enum: MONITOR_FIELDS },
      description: 'Fields that must be set (not absent, null or empty).',
    },
    execution_mode: {
      ...oneOrMore({ type: 'string', enum: EXECUTION_MODES }),
      description: 'The execution mode, or the modes allowed.',
    },
  },
} as const;

export const policyRuleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'level'],
  properties: {
    id: {
      type: 'string',
      pattern: POLICY_ID_PATTERN,
      description: 'Lower case, digits and -; the code is policy.<id>.',
    },
    description: { type: 'string', minLength: 1, maxLength: 500, description: 'Shown in every violation.' },
    level: {
      type: 'string',
      enum: POLICY_LEVELS,
      description: 'mandatory: an error, plan and apply refuse; advisory: a warning.',
    },
    environments: environmentsListSchema,
    where: policyWhereSchema,
    require: policyRequireSchema,
    schema: { type: 'object', description: 'A JSON Schema (draft-07) every monitor input must satisfy.' },
    deny: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: DENIABLE_CHANGES },
      description: 'A plan rule: changes of these kinds are refused.',
    },
  },
} as const;

export const policySchema = {
  type: 'array',
  minItems: 1,
  description:
    'Rules every monitor of the set (and every plan) is checked against. At most one file of a set may declare them.',
  items: policyRuleSchema,
} as const;

export const policyExceptionsSchema = {
  type: 'array',
  minItems: 1,
  description: 'Rules this monitor (or every monitor of the file, in defaults) is exempt from, each with its reason.',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'reason'],
    properties: {
      id: { type: 'string', minLength: 1, description: 'The id of a rule of `policy:`.' },
      reason: { type: 'string', minLength: 1, description: 'Why: reviewed in the pull request.' },
    },
  },
} as const;
