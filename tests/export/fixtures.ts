import type { LiveMonitor } from '../../src/model/monitor.js';

const stamp = '2026-01-02T03:04:05Z';

/** Spec 2.2 fields only, as a spec-only server lists them. */
export function specOnly(
  id: string,
  name: string,
  type: string,
  url: string,
  extra: Partial<LiveMonitor> = {},
): LiveMonitor {
  return {
    id,
    name,
    type,
    url,
    method: 'GET',
    status: 'up',
    interval_seconds: 300,
    timeout_seconds: 10,
    last_check_at: null,
    next_check_at: null,
    created_at: stamp,
    updated_at: stamp,
    ...extra,
  };
}

/** Every input field but auth_secret, as a server in "full" mode lists them. */
export function full(id: string, name: string, fields: Record<string, unknown>): LiveMonitor {
  return {
    ...specOnly(id, name, 'http', 'https://example.com/'),
    retry_count: 2,
    confirmation_attempts: 2,
    slow_threshold_ms: 1500,
    expected_status_min: 200,
    expected_status_max: 299,
    follow_redirects: true,
    max_redirects: 3,
    auth_type: 'none',
    auth_username: null,
    headers: null,
    body: null,
    group: null,
    tags: null,
    execution_mode: 'multi_location',
    locations: ['eu-west', 'us-east'],
    consensus_threshold: 2,
    keyword: null,
    keyword_mode: null,
    keyword_case_sensitive: false,
    json_pointer: null,
    json_operator: null,
    json_expected: null,
    dns_record_type: null,
    dns_expected: null,
    port: null,
    udp_payload: null,
    udp_expected: null,
    minimum_tls_days: null,
    minimum_domain_days: null,
    heartbeat_grace_seconds: null,
    ...fields,
  };
}

export const id = (n: number): string => `01J${String(n).padStart(23, '0')}`;

export const SPEC_ONLY_LISTING: LiveMonitor[] = [
  specOnly(id(3), 'Shop search', 'keyword', 'https://shop.example.com/search?q=shoes'),
  specOnly(id(1), 'Shop home', 'http', 'https://shop.example.com/'),
  specOnly(id(2), 'Shop checkout', 'http', 'https://shop.example.com/checkout', {
    method: 'HEAD',
    timeout_seconds: 20,
  }),
  specOnly(id(4), 'Mail server', 'tcp', 'mail.example.com'),
  specOnly(id(5), 'Status JSON', 'json', 'https://status.example.com/api.json'),
];

export const FULL_LISTING: LiveMonitor[] = [
  full(id(11), 'API health', { url: 'https://api.example.com/health', group: 'Shop API', tags: 'api,prod' }),
  full(id(12), 'API login', {
    url: 'https://api.example.com/login',
    group: 'Shop API',
    method: 'POST',
    auth_type: 'basic',
    auth_username: 'probe',
    body: '{"ping":true}',
  }),
  full(id(13), 'API search', {
    type: 'keyword',
    url: 'https://api.example.com/search',
    group: 'Shop API',
    keyword: 'results',
    keyword_mode: 'present',
  }),
  full(id(14), 'Blog', {
    url: 'https://blog.example.com/',
    group: 'Content',
    execution_mode: 'local',
    locations: [],
    consensus_threshold: 1,
  }),
  full(id(15), 'Gateway token', { url: 'https://gw.example.com/', auth_type: 'bearer' }),
];
