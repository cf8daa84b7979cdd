// `monitors check` runs each monitor's check once from this machine. A probe does the I/O
// of one attempt and says what it found; the runner repeats failed attempts
// (retry_count) and turns the last one into what the service would report.
import type { SourcePos } from '../model/monitor.js';

export const CHECK_FORMAT_VERSION = 1;

/** `not_checked`: this machine cannot run the check (ping, heartbeat, no RDAP server); never a pass. */
export type CheckStatus = 'up' | 'degraded' | 'down' | 'not_checked';

/** What one attempt found, before timing is judged. */
export type ProbeOutcome =
  | {
      kind: 'pass';
      detail: string;
      /** Overrides the attempt's measured time (e.g. without a one-off bootstrap). */ ms?: number;
    }
  | { kind: 'fail'; reason: string }
  | { kind: 'not_checked'; reason: string };

export interface CheckResult {
  name: string;
  type: string;
  /** The destination as written in the YAML (a `${env:NAME}` template stays a template). */
  target: string;
  status: CheckStatus;
  /** One sentence: what was found, the timing, the attempts. */
  reason: string;
  /** Duration of the attempt that decided; absent when not checked. */
  duration_ms?: number;
  attempts: number;
  source: SourcePos;
}

export interface CheckSummary {
  up: number;
  degraded: number;
  down: number;
  not_checked: number;
}

export interface CheckReport {
  format_version: typeof CHECK_FORMAT_VERSION;
  /** The environment checked (--env); null when the set declares none (docs/json-output.md). */
  environment: string | null;
  summary: CheckSummary;
  results: CheckResult[];
  /** Why some monitors were not selected, or what the selection was (e.g. --changed). */
  notes: string[];
}

/** `--resolve HOST:PORT:ADDRESS`: connections to HOST (any host: `*`) on PORT (any port: `*`) go to ADDRESS. */
export interface ResolveEntry {
  host: string;
  port: number | '*';
  addresses: string[];
}

/** `--connect-to HOST:PORT:CONNECT-HOST:CONNECT-PORT`; an absent part matches any (HOST, PORT) or keeps the URL's. */
export interface ConnectToRule {
  host?: string;
  port?: number;
  toHost?: string;
  toPort?: number;
  /** As written, for messages. */
  text: string;
}

/** What every probe may use besides the monitor: the command's options and the clock. */
export interface CheckContext {
  resolve: readonly ResolveEntry[];
  connectTo: readonly ConnectToRule[];
  /** Extra trusted CA certificates (PEM), added to Node's bundled roots. */
  extraCa: readonly string[];
  /** Resolvers as `ip` or `ip:port` (IPv6 as `[ip]:port`); empty = the system's. */
  dnsServers: readonly string[];
  /** RDAP base URL for every domain; undefined = the IANA bootstrap registry. */
  rdapUrl?: string;
  userAgent: string;
  now(): Date;
  /** One fetch of the IANA RDAP bootstrap per run, shared by all domain checks. */
  cache: Map<string, Promise<unknown>>;
}
