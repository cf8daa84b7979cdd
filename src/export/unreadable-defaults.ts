// What export writes for a required input field the listing did not return (a spec-only
// listing returns none of these). Each value is a plain, valid setting, not a guess at the
// live one; docs/adopting.md lists them, and every use carries a YAML comment saying so.
import type { MonitorField } from '../schema/monitor-input-schema.js';

export const UNREADABLE_DEFAULTS: Readonly<Partial<Record<MonitorField, unknown>>> = {
  method: 'GET',
  interval_seconds: 300,
  timeout_seconds: 30,
  retry_count: 0,
  confirmation_attempts: 1,
  slow_threshold_ms: 3000,
  expected_status_min: 200,
  expected_status_max: 299,
  max_redirects: 0,
  auth_type: 'none',
  // `local` needs no `locations` and allows only consensus_threshold 1 (src/schema/location-rules.ts).
  execution_mode: 'local',
  consensus_threshold: 1,
};

export const UNREADABLE_COMMENT = ' not readable: documented default, check it';
