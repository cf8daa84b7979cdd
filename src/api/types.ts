// The API's resources as the client returns them (spec section 2), read defensively where the spec
// leaves values open.
import type { LiveMonitor, MonitorInput } from '../model/monitor.js';

/** GET /account (spec 2.4). Keys of limits/usage are not specified; read them defensively. */
export interface Account {
  id: string;
  name: string;
  limits: Record<string, number>;
  usage: Record<string, number>;
  [extra: string]: unknown;
}

/** GET /incidents item (spec 2.3). status/severity values are not specified. */
export interface Incident {
  id: string;
  monitor: { id: string; name: string | null };
  status: string;
  severity: string;
  summary: string;
  opened_at: string;
  resolved_at?: string | null;
  [extra: string]: unknown;
}

export interface IncidentList {
  incidents: Incident[];
  /** False when the listing was cut at maxPages. */
  complete: boolean;
}

export interface CreateResult {
  monitor: LiveMonitor;
  /** The Location header (URI) of the 201, when the server sent it. */
  location: string | undefined;
}

/**
 * The operations plan and apply need. The real implementation (src/api/client.ts) adds
 * transport, retries, pacing and typed errors; tests may pass a model of the server.
 * Writes take the Idempotency-Key from the caller: keys are derived from the plan.
 */
export interface MonitorsApi {
  /**
   * Every page; `onPage` sees each page's monitors as it arrives (work that can overlap the
   * next request). With `keep`, only the monitors it accepts are returned (and held while
   * the listing runs): a caller that looks for a few monitors does not hold 100,000.
   */
  listMonitors(options?: {
    onPage?: (monitors: readonly LiveMonitor[]) => void;
    keep?: (monitor: LiveMonitor) => boolean;
  }): Promise<LiveMonitor[]>;
  getMonitor(id: string): Promise<LiveMonitor>;
  createMonitor(body: MonitorInput | Record<string, unknown>, idempotencyKey: string): Promise<CreateResult>;
  replaceMonitor(
    id: string,
    body: MonitorInput | Record<string, unknown>,
    idempotencyKey: string,
  ): Promise<LiveMonitor>;
  deleteMonitor(id: string, idempotencyKey: string): Promise<void>;
  getAccount(): Promise<Account>;
  /** At most `maxPages` pages of 100 (ordering is not specified, so a cut list may miss open ones). */
  listIncidents(options?: { maxPages?: number }): Promise<IncidentList>;
}
