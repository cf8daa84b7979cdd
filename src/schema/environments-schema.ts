// The `environments:` list an entry, a default or a policy rule may carry, and what an
// environment's name may be. Its own file, so that file-schema.ts and policy-schema.ts share it.

/** Names of environments: they appear in file names (default lock files) and in messages. */
export const ENVIRONMENT_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$';

export const environmentsListSchema = {
  type: 'array',
  minItems: 1,
  items: { type: 'string', pattern: ENVIRONMENT_NAME_PATTERN },
  description: 'Only in these environments (names declared under settings.environments). Default: every environment.',
} as const;
