// Which optional fields each monitor type needs and which it uses at all. The spec
// leaves this unstated (2.1: "not shown"); docs/rules.md is the user-facing version.
// Every table here is a Record over MONITOR_TYPES, so that a type added to that list fails
// the typecheck until each table says what the type needs.
import { MONITOR_TYPES, type MonitorField } from './monitor-input-schema.js';

export type MonitorType = (typeof MONITOR_TYPES)[number];

/** Fields a type cannot run without (json_expected is tied to the operator, see rules.ts). */
export const REQUIRED_BY_TYPE: Readonly<Record<MonitorType, readonly MonitorField[]>> = {
  http: [],
  keyword: ['keyword'],
  json: ['json_pointer', 'json_operator'],
  ping: [],
  tcp: ['port'],
  udp: ['port'],
  dns: ['dns_record_type'],
  ssl: [],
  domain: [],
  heartbeat: ['heartbeat_grace_seconds'],
};

const HTTP_FIELDS: readonly MonitorField[] = ['follow_redirects', 'auth_username', 'auth_secret', 'headers', 'body'];

/** Optional fields a type reads; any other optional field set on it is ignored by the check. */
export const USED_BY_TYPE: Readonly<Record<MonitorType, readonly MonitorField[]>> = {
  http: HTTP_FIELDS,
  keyword: [...HTTP_FIELDS, 'keyword', 'keyword_mode', 'keyword_case_sensitive'],
  json: [...HTTP_FIELDS, 'json_pointer', 'json_operator', 'json_expected'],
  ping: [],
  tcp: ['port'],
  udp: ['port', 'udp_payload', 'udp_expected'],
  dns: ['dns_record_type', 'dns_expected'],
  ssl: ['port', 'minimum_tls_days'],
  domain: ['minimum_domain_days'],
  heartbeat: ['heartbeat_grace_seconds'],
};

/** Optional, type-specific fields (the ones USED_BY_TYPE speaks about). */
export const TYPE_SPECIFIC_FIELDS: readonly MonitorField[] = [
  ...HTTP_FIELDS,
  'keyword',
  'keyword_mode',
  'keyword_case_sensitive',
  'json_pointer',
  'json_operator',
  'json_expected',
  'dns_record_type',
  'dns_expected',
  'port',
  'udp_payload',
  'udp_expected',
  'minimum_tls_days',
  'minimum_domain_days',
  'heartbeat_grace_seconds',
];

/** What a type's url is: an absolute http(s) URL, or a URL of any scheme or a bare host. */
export const URL_FORM_BY_TYPE = {
  http: 'http-url',
  keyword: 'http-url',
  json: 'http-url',
  ping: 'url-or-host',
  tcp: 'url-or-host',
  udp: 'url-or-host',
  dns: 'url-or-host',
  ssl: 'url-or-host',
  domain: 'url-or-host',
  heartbeat: 'url-or-host',
} as const satisfies Record<MonitorType, 'http-url' | 'url-or-host'>;

export function isMonitorType(value: unknown): value is MonitorType {
  return typeof value === 'string' && (MONITOR_TYPES as readonly string[]).includes(value);
}
