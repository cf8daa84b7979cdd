// The one source of truth for a monitor's input: spec section 2.1, field by field.
// The TypeScript type `MonitorInput` is derived from this value (see from-schema.ts) and
// `schema/monitor-input.schema.json` is generated from it (scripts/generate-schemas.ts),
// so the three cannot drift.

export const MONITOR_TYPES = [
  'http',
  'keyword',
  'json',
  'ping',
  'tcp',
  'udp',
  'dns',
  'ssl',
  'domain',
  'heartbeat',
] as const;
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export const AUTH_TYPES = ['none', 'basic', 'bearer'] as const;
export const EXECUTION_MODES = ['local', 'single_location', 'multi_location'] as const;
export const KEYWORD_MODES = ['present', 'absent'] as const;
export const JSON_OPERATORS = ['equals', 'not_equals', 'exists', 'not_exists'] as const;
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'CAA'] as const;

export const HEX_PATTERN = '^[A-Fa-f0-9]*$';

export const monitorInputProperties = {
  name: {
    type: 'string',
    minLength: 2,
    maxLength: 100,
    description: 'Unique name of the monitor; the reconciler matches live monitors by it.',
  },
  type: { type: 'string', enum: MONITOR_TYPES, description: 'What kind of check runs.' },
  url: {
    type: 'string',
    maxLength: 2048,
    description: 'Public destination URL or hostname; private and reserved destinations are rejected.',
  },
  method: { type: 'string', enum: HTTP_METHODS, description: 'HTTP method of the check.' },
  interval_seconds: {
    type: 'integer',
    minimum: 120,
    description: 'Seconds between checks; must be an interval the administrator has enabled.',
  },
  timeout_seconds: { type: 'integer', minimum: 2, maximum: 60 },
  retry_count: { type: 'integer', minimum: 0, maximum: 5 },
  confirmation_attempts: { type: 'integer', minimum: 1, maximum: 5 },
  slow_threshold_ms: { type: 'integer', minimum: 100, maximum: 60000 },
  expected_status_min: { type: 'integer', minimum: 100, maximum: 599 },
  expected_status_max: { type: 'integer', minimum: 100, maximum: 599 },
  follow_redirects: { type: 'boolean', default: false },
  max_redirects: { type: 'integer', minimum: 0 },
  auth_type: { type: 'string', enum: AUTH_TYPES },
  auth_username: { type: ['string', 'null'], maxLength: 255 },
  auth_secret: {
    type: ['string', 'null'],
    maxLength: 2048,
    writeOnly: true,
    description: 'Write-only. In YAML, write ${env:NAME}; never the secret itself.',
  },
  headers: {
    type: ['string', 'null'],
    description: 'One HTTP header per line; Authorization and forwarding headers are rejected.',
  },
  body: { type: ['string', 'null'], maxLength: 65535 },
  group: { type: ['string', 'null'], maxLength: 60 },
  tags: { type: ['string', 'null'], description: 'Comma-separated labels.' },
  execution_mode: { type: 'string', enum: EXECUTION_MODES },
  locations: { type: 'array', items: { type: 'string', maxLength: 32 } },
  consensus_threshold: { type: 'integer', minimum: 1, maximum: 5 },
  keyword: { type: ['string', 'null'], maxLength: 500 },
  keyword_mode: { type: ['string', 'null'], enum: [...KEYWORD_MODES, null] },
  keyword_case_sensitive: { type: 'boolean' },
  json_pointer: { type: ['string', 'null'] },
  json_operator: { type: ['string', 'null'], enum: [...JSON_OPERATORS, null] },
  json_expected: { type: ['string', 'null'] },
  dns_record_type: { type: ['string', 'null'], enum: [...DNS_RECORD_TYPES, null] },
  dns_expected: { type: ['string', 'null'] },
  port: { type: ['integer', 'null'], minimum: 1, maximum: 65535 },
  udp_payload: { type: ['string', 'null'], pattern: HEX_PATTERN },
  udp_expected: { type: ['string', 'null'], pattern: HEX_PATTERN },
  minimum_tls_days: { type: ['integer', 'null'], minimum: 1, maximum: 365 },
  minimum_domain_days: { type: ['integer', 'null'], minimum: 1, maximum: 365 },
  heartbeat_grace_seconds: { type: ['integer', 'null'], minimum: 60, maximum: 604800 },
} as const;

export const MONITOR_INPUT_REQUIRED = [
  'name',
  'type',
  'url',
  'method',
  'interval_seconds',
  'timeout_seconds',
  'retry_count',
  'confirmation_attempts',
  'slow_threshold_ms',
  'expected_status_min',
  'expected_status_max',
  'max_redirects',
  'auth_type',
  'execution_mode',
  'consensus_threshold',
] as const;

export const monitorInputSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://monitors-as-code.dev/schema/monitor-input.schema.json',
  title: 'Monitor input',
  description: 'Body of POST /monitors and PUT /monitors/{monitor_id} (monitoring API spec section 2.1).',
  type: 'object',
  additionalProperties: false,
  required: MONITOR_INPUT_REQUIRED,
  properties: monitorInputProperties,
} as const;

export type MonitorField = keyof typeof monitorInputProperties;
export const MONITOR_FIELDS = Object.keys(monitorInputProperties) as MonitorField[];
/** Fields the API never returns; they are compared through the lock file only. */
export const SECRET_FIELDS: readonly MonitorField[] = ['auth_secret'];
