// What `monitors status` reports: plain data, rendered as text, Markdown or JSON
// (src/render/status-*.ts). The JSON form is this value as it is (docs/status.md).
import type { SpecStatus } from '../wait/status.js';

export const STATUS_FORMAT_VERSION = 1;

/** `--fail-on down`: down fails; `--fail-on degraded`: degraded or down. */
export type FailOn = 'down' | 'degraded';

/**
 * How a row is managed: `live` (a monitor of the YAML, matched to a live one as plan
 * matches them), `not_created` (in the YAML, not live: the next apply creates it),
 * `not_in_yaml` (managed through the lock file or settings.scope, but in no YAML entry:
 * the next apply deletes it).
 */
export type RowState = 'live' | 'not_created' | 'not_in_yaml';

export interface OpenIncident {
  id: string;
  /** As the server sent them: the spec lists no values (2.3). */
  status: string;
  severity: string;
  summary: string;
  opened_at: string;
}

export interface StatusRow {
  /** The YAML's name; for `not_in_yaml`, the server's. */
  name: string;
  /** Null when not created. */
  id: string | null;
  state: RowState;
  /** The server's name when it differs from the YAML's (a `moved:` or a dashboard rename the next apply undoes). */
  live_name?: string;
  /** A spec status (spelling aside), `unknown` for any other value; null when not created. */
  status: SpecStatus | 'unknown' | null;
  /** The status exactly as the server sent it; null when not created. */
  server_status: string | null;
  last_check_at: string | null;
  next_check_at: string | null;
  /** Oldest first; null when the incidents were not read. */
  open_incidents: OpenIncident[] | null;
  /** Its status fails the run (--fail-on). */
  failing: boolean;
  /** Why a row is as it is, when that is not plain (a monitor deleted outside the tool). */
  note?: string;
}

export type StatusCounts = Record<SpecStatus | 'unknown', number>;

export interface StatusSummary {
  /** Rows shown: the managed monitors selected (all without --name). */
  managed: number;
  /** Live managed monitors by status. */
  by_status: StatusCounts;
  not_created: number;
  not_in_yaml: number;
  /** Open incidents of the rows shown; null when the incidents were not read. */
  open_incidents: number | null;
  /** Live monitors this repository does not manage (matching --name, when given). */
  unmanaged: number;
}

export interface StatusReport {
  format_version: typeof STATUS_FORMAT_VERSION;
  environment: string | null;
  summary: StatusSummary;
  fail_on: FailOn | null;
  failed: boolean;
  incidents_read: boolean;
  /** In name order; the text and Markdown views put problems first. */
  monitors: StatusRow[];
  notes: string[];
}
