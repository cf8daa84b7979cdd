// A complete, valid monitor input of each kind, for tests to vary one field at a time.

export function httpInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'shop home',
    type: 'http',
    url: 'https://shop.example.com/',
    method: 'GET',
    interval_seconds: 300,
    timeout_seconds: 10,
    retry_count: 1,
    confirmation_attempts: 2,
    slow_threshold_ms: 2000,
    expected_status_min: 200,
    expected_status_max: 299,
    max_redirects: 3,
    auth_type: 'none',
    execution_mode: 'local',
    consensus_threshold: 1,
    ...overrides,
  };
}

/** Fields that make an input of `type` complete on top of httpInput. */
export const TYPE_EXTRAS: Record<string, Record<string, unknown>> = {
  http: {},
  keyword: { keyword: 'Add to cart' },
  json: { json_pointer: '/status', json_operator: 'equals', json_expected: 'ok' },
  ping: { url: 'shop.example.com' },
  tcp: { url: 'db.example.com', port: 5432 },
  udp: { url: 'ntp.example.com', port: 123, udp_payload: 'e3', udp_expected: '' },
  dns: { url: 'example.com', dns_record_type: 'A' },
  ssl: { url: 'shop.example.com', minimum_tls_days: 14 },
  domain: { url: 'example.com', minimum_domain_days: 30 },
  heartbeat: { url: 'https://shop.example.com/cron', heartbeat_grace_seconds: 600 },
};

export function inputOfType(type: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return httpInput({ type, ...TYPE_EXTRAS[type], ...overrides });
}
