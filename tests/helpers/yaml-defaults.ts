// The `defaults:` block the end-to-end tests start their YAML from: a complete http monitor
// but for name and url, accepted by the simulator and by the independent spec server.
// It stands in for a user's YAML; its fields follow spec section 2.1 (Monitor input).
export const E2E_DEFAULTS = `defaults:
  type: http
  method: GET
  interval_seconds: 300
  timeout_seconds: 10
  retry_count: 1
  confirmation_attempts: 2
  slow_threshold_ms: 2000
  expected_status_min: 200
  expected_status_max: 299
  max_redirects: 3
  auth_type: none
  execution_mode: single_location
  locations: [eu-west]
  consensus_threshold: 1
`;
