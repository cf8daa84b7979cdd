// Spec 2.1, constraint by constraint: a value just inside and just outside each bound,
// through the shared schema check (the one the simulator uses too).
import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../../src/schema/check-input.js';
import { MONITOR_INPUT_REQUIRED } from '../../src/schema/monitor-input-schema.js';
import { httpInput } from '../load/valid-input.js';

const codesFor = (field: string, value: unknown) =>
  schemaProblems(httpInput({ [field]: value })).map((p) => `${p.pointer} ${p.code}`);

// [field, just inside, just outside, code outside]
const NUMERIC: [string, number, number, string][] = [
  ['interval_seconds', 120, 119, 'schema.minimum'],
  ['timeout_seconds', 2, 1, 'schema.minimum'],
  ['timeout_seconds', 60, 61, 'schema.maximum'],
  ['retry_count', 0, -1, 'schema.minimum'],
  ['retry_count', 5, 6, 'schema.maximum'],
  ['confirmation_attempts', 1, 0, 'schema.minimum'],
  ['confirmation_attempts', 5, 6, 'schema.maximum'],
  ['slow_threshold_ms', 100, 99, 'schema.minimum'],
  ['slow_threshold_ms', 60000, 60001, 'schema.maximum'],
  ['expected_status_min', 100, 99, 'schema.minimum'],
  ['expected_status_min', 299, 600, 'schema.maximum'],
  ['expected_status_max', 599, 600, 'schema.maximum'],
  ['expected_status_max', 200, 99, 'schema.minimum'],
  ['max_redirects', 0, -1, 'schema.minimum'],
  ['consensus_threshold', 1, 0, 'schema.minimum'],
  ['consensus_threshold', 5, 6, 'schema.maximum'],
  ['port', 1, 0, 'schema.minimum'],
  ['port', 65535, 65536, 'schema.maximum'],
  ['minimum_tls_days', 1, 0, 'schema.minimum'],
  ['minimum_tls_days', 365, 366, 'schema.maximum'],
  ['minimum_domain_days', 1, 0, 'schema.minimum'],
  ['minimum_domain_days', 365, 366, 'schema.maximum'],
  ['heartbeat_grace_seconds', 60, 59, 'schema.minimum'],
  ['heartbeat_grace_seconds', 604800, 604801, 'schema.maximum'],
];

// [field, max length] (and name's minimum of 2)
const LENGTHS: [string, number][] = [
  ['name', 100],
  ['url', 2048],
  ['auth_username', 255],
  ['auth_secret', 2048],
  ['body', 65535],
  ['group', 60],
  ['keyword', 500],
];

const ENUMS: [string, readonly (string | null)[]][] = [
  ['type', ['http', 'keyword', 'json', 'ping', 'tcp', 'udp', 'dns', 'ssl', 'domain', 'heartbeat']],
  ['method', ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']],
  ['auth_type', ['none', 'basic', 'bearer']],
  ['execution_mode', ['local', 'single_location', 'multi_location']],
  ['keyword_mode', ['present', 'absent', null]],
  ['json_operator', ['equals', 'not_equals', 'exists', 'not_exists', null]],
  ['dns_record_type', ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'CAA', null]],
];

const NULLABLE = [
  'auth_username',
  'auth_secret',
  'headers',
  'body',
  'group',
  'tags',
  'keyword',
  'keyword_mode',
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
const NOT_NULLABLE = [...MONITOR_INPUT_REQUIRED, 'follow_redirects', 'keyword_case_sensitive', 'locations'];

describe('spec 2.1 bounds through schemaProblems', () => {
  it.each(NUMERIC)('%s: %d is accepted, %d is not', (field, inside, outside, code) => {
    expect(codesFor(field, inside)).toEqual([]);
    expect(codesFor(field, outside)).toEqual([`/${field} ${code}`]);
  });

  it.each(LENGTHS)('%s: %d characters are accepted, one more is not', (field, max) => {
    expect(codesFor(field, 'a'.repeat(max))).toEqual([]);
    expect(codesFor(field, 'a'.repeat(max + 1))).toEqual([`/${field} schema.maxLength`]);
  });

  it('name: at least 2 characters', () => {
    expect(codesFor('name', 'ab')).toEqual([]);
    expect(codesFor('name', 'a')).toEqual(['/name schema.minLength']);
  });

  it('locations: each item at most 32 characters', () => {
    expect(codesFor('locations', ['a'.repeat(32)])).toEqual([]);
    expect(codesFor('locations', ['ok', 'a'.repeat(33)])).toEqual(['/locations/1 schema.maxLength']);
    expect(codesFor('locations', ['ok', 5])).toEqual(['/locations/1 schema.type']);
  });

  it.each(ENUMS)('%s: every allowed value is accepted, a near miss is not', (field, allowed) => {
    for (const value of allowed) expect(codesFor(field, value), String(value)).toEqual([]);
    expect(
      codesFor(
        field,
        String(allowed[0]).toUpperCase() === allowed[0]
          ? String(allowed[0]).toLowerCase()
          : String(allowed[0]).toUpperCase(),
      ),
    ).toEqual([`/${field} schema.enum`]);
  });

  it.each(['udp_payload', 'udp_expected'])('%s: hexadecimal characters only (either case, empty allowed)', (field) => {
    expect(codesFor(field, '')).toEqual([]);
    expect(codesFor(field, '0123456789abcdefABCDEF')).toEqual([]);
    expect(codesFor(field, '0g')).toEqual([`/${field} schema.pattern`]);
    expect(codesFor(field, '0x01')).toEqual([`/${field} schema.pattern`]);
  });

  it.each(NULLABLE)('%s accepts null', (field) => {
    expect(codesFor(field, null)).toEqual([]);
  });

  it.each(NOT_NULLABLE)('%s does not accept null', (field) => {
    expect(codesFor(field, null).length).toBeGreaterThan(0);
  });

  it('integers must be integers, not numbers with a fraction or strings', () => {
    expect(codesFor('timeout_seconds', 10.5)).toEqual(['/timeout_seconds schema.type']);
    expect(codesFor('timeout_seconds', '10')).toEqual(['/timeout_seconds schema.type']);
    expect(codesFor('port', 80.0)).toEqual([]);
  });

  it('booleans must be booleans', () => {
    expect(codesFor('follow_redirects', true)).toEqual([]);
    expect(codesFor('follow_redirects', 'yes')).toEqual(['/follow_redirects schema.type']);
    expect(codesFor('keyword_case_sensitive', 1)).toEqual(['/keyword_case_sensitive schema.type']);
  });

  it.each([...MONITOR_INPUT_REQUIRED])('%s is required', (field) => {
    const input = httpInput();
    delete input[field];
    expect(schemaProblems(input).map((p) => `${p.pointer} ${p.code}`)).toEqual([`/${field} schema.required`]);
  });

  it('no other properties are accepted', () => {
    expect(codesFor('id', '01HZ8X3Q4R5S6T7V8W9XYZABCD')).toEqual(['/id schema.additionalProperties']);
    expect(codesFor('status', 'up')).toEqual(['/status schema.additionalProperties']);
  });

  it('optional fields may be left out entirely', () => {
    expect(schemaProblems(httpInput())).toEqual([]);
  });
});
