import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../../src/schema/check-input.js';
import { ruleProblems } from '../../src/schema/rules.js';
import { MONITOR_TYPES } from '../../src/schema/monitor-input-schema.js';
import { httpInput, inputOfType } from '../load/valid-input.js';

const codes = (input: Record<string, unknown>, options = {}) =>
  ruleProblems(input, options).map((p) => `${p.pointer} ${p.code}`);

describe('ruleProblems', () => {
  it.each(MONITOR_TYPES.map((t) => [t]))('accepts a complete %s monitor (and the schema does too)', (type) => {
    const input = inputOfType(type);
    expect(schemaProblems(input)).toEqual([]);
    expect(ruleProblems(input)).toEqual([]);
  });

  it('rule.status_range: min may equal max, not exceed it', () => {
    expect(codes(httpInput({ expected_status_min: 200, expected_status_max: 200 }))).toEqual([]);
    expect(codes(httpInput({ expected_status_min: 201, expected_status_max: 200 }))).toEqual([
      '/expected_status_max rule.status_range',
    ]);
  });

  it.each([
    ['keyword', 'keyword'],
    ['json', 'json_pointer'],
    ['json', 'json_operator'],
    ['tcp', 'port'],
    ['udp', 'port'],
    ['dns', 'dns_record_type'],
    ['heartbeat', 'heartbeat_grace_seconds'],
  ])('rule.required_for_type: %s needs %s (absent or null)', (type, field) => {
    const input = inputOfType(type);
    delete input[field];
    expect(codes(input)).toContain(`/${field} rule.required_for_type`);
    expect(codes({ ...input, [field]: null })).toContain(`/${field} rule.required_for_type`);
  });

  it('rule.required_for_type: a blank keyword is missing; an empty json_pointer is the root', () => {
    expect(codes(inputOfType('keyword', { keyword: '  ' }))).toEqual(['/keyword rule.required_for_type']);
    expect(codes(inputOfType('json', { json_pointer: '' }))).toEqual([]);
  });

  it('ssl and domain do not need their day thresholds (the server default applies)', () => {
    expect(codes(inputOfType('ssl', { minimum_tls_days: null }))).toEqual([]);
    expect(codes(inputOfType('domain', { minimum_domain_days: undefined }))).toEqual([]);
  });

  it('rule.required_for_operator: equals/not_equals need json_expected, exists/not_exists do not', () => {
    expect(codes(inputOfType('json', { json_operator: 'not_equals', json_expected: null }))).toEqual([
      '/json_expected rule.required_for_operator',
    ]);
    expect(codes(inputOfType('json', { json_operator: 'equals', json_expected: '' }))).toEqual([]);
    expect(codes(inputOfType('json', { json_operator: 'exists', json_expected: null }))).toEqual([]);
    expect(codes(inputOfType('json', { json_operator: 'not_exists', json_expected: undefined }))).toEqual([]);
  });

  it('rule.json_pointer_syntax', () => {
    expect(codes(inputOfType('json', { json_pointer: '/data/0/id' }))).toEqual([]);
    expect(codes(inputOfType('json', { json_pointer: '/a~1b~0c' }))).toEqual([]);
    expect(codes(inputOfType('json', { json_pointer: 'data.id' }))).toEqual(['/json_pointer rule.json_pointer_syntax']);
    expect(codes(inputOfType('json', { json_pointer: '/a~2' }))).toEqual(['/json_pointer rule.json_pointer_syntax']);
  });

  it('rule.required_for_auth: basic needs username and secret, bearer a secret', () => {
    expect(codes(httpInput({ auth_type: 'basic' }))).toEqual([
      '/auth_username rule.required_for_auth',
      '/auth_secret rule.required_for_auth',
    ]);
    expect(codes(httpInput({ auth_type: 'basic', auth_username: 'u', auth_secret: 's' }))).toEqual([]);
    expect(codes(httpInput({ auth_type: 'bearer', auth_secret: null }))).toEqual([
      '/auth_secret rule.required_for_auth',
    ]);
    expect(codes(httpInput({ auth_type: 'bearer', auth_secret: 'tok' }))).toEqual([]);
  });

  it('multi_location with a list needs 2 distinct locations and a threshold they can reach', () => {
    const multi = (locations: unknown[], consensus_threshold: number) =>
      codes(httpInput({ execution_mode: 'multi_location', locations, consensus_threshold }));
    expect(multi(['eu', 'us'], 2)).toEqual([]);
    expect(multi(['eu'], 1)).toEqual(['/locations rule.locations_count']);
    expect(multi(['eu', 'us'], 3)).toEqual(['/consensus_threshold rule.consensus_threshold']);
    expect(multi(['eu', 'eu', 'us'], 2)).toEqual(['/locations/1 rule.locations_duplicate']);
    expect(multi(['eu', ' '], 1)).toEqual(['/locations/1 rule.location_empty']);
    // No list: the server chooses the locations, so neither their count nor the threshold can be judged.
    expect(multi([], 5)).toEqual([]);
    expect(codes(httpInput({ execution_mode: 'multi_location', locations: null, consensus_threshold: 3 }))).toEqual([]);
  });

  it('single_location takes at most one location (none: the server picks); local and single need threshold 1', () => {
    expect(codes(httpInput({ execution_mode: 'single_location', locations: ['eu'] }))).toEqual([]);
    expect(codes(httpInput({ execution_mode: 'single_location', locations: [] }))).toEqual([]);
    expect(codes(httpInput({ execution_mode: 'single_location', locations: null, consensus_threshold: 2 }))).toEqual([
      '/consensus_threshold rule.consensus_threshold',
    ]);
    expect(codes(httpInput({ execution_mode: 'single_location', locations: ['eu', 'us'] }))).toEqual([
      '/locations rule.locations_count',
    ]);
    expect(codes(httpInput({ execution_mode: 'local', consensus_threshold: 2 }))).toEqual([
      '/consensus_threshold rule.consensus_threshold',
    ]);
  });

  it('rule.interval_not_enabled only when enabledIntervals is given', () => {
    expect(codes(httpInput({ interval_seconds: 301 }))).toEqual([]);
    expect(codes(httpInput({ interval_seconds: 300 }), { enabledIntervals: [120, 300] })).toEqual([]);
    expect(codes(httpInput({ interval_seconds: 301 }), { enabledIntervals: [120, 300] })).toEqual([
      '/interval_seconds rule.interval_not_enabled',
    ]);
  });

  it('an odd number of hex digits is not a server rule (the spec pattern allows it; the loader warns)', () => {
    expect(codes(inputOfType('udp', { udp_payload: 'abc' }))).toEqual([]);
    expect(codes(inputOfType('udp', { udp_expected: '0' }))).toEqual([]);
    expect(codes(inputOfType('udp', { udp_payload: 'abcd', udp_expected: '' }))).toEqual([]);
  });

  it('tolerates wrongly typed fields (the schema reports them, the rules stay quiet)', () => {
    const input = httpInput({
      type: 'keyword',
      keyword: 5,
      expected_status_min: '300',
      auth_type: 7,
      headers: 3,
      url: 9,
      locations: 'eu',
    });
    expect(codes(input)).toEqual([]);
    expect(schemaProblems(input).length).toBeGreaterThan(0);
  });
});
