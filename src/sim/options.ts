// Everything the simulator can be told at start. Faults (and the settings that can
// change while it runs: rate limit and listing mode) live in FaultSettings so that the
// admin endpoint and the flags share one shape.
import type { CheckSettings } from './checks/settings.js';
import type { SimToken } from './tokens.js';

export type ListingMode = 'spec' | 'full';
export type OneShotKind = 'error' | 'drop' | 'hold';

/** A fault that hits the next matching API request only (deterministic tests). */
export interface OneShotFault {
  /** HTTP method to match; any when absent. */
  method?: string;
  /** Path below /api/v1 ("/monitors" also matches "/monitors/<id>"); any when absent. */
  path?: string;
  fault: OneShotKind;
  /** For `error`: the 5xx status (default 500). */
  status?: number;
  /** For `hold`: how long the write stays in flight (default 1000 ms). */
  holdMs?: number;
}

export interface RateWindow {
  requests: number;
  seconds: number;
}

export interface FaultSettings {
  latencyMs: number;
  jitterMs: number;
  /** Share (0..1) of API requests answered with a 5xx before anything is committed. */
  errorRate: number;
  errorStatuses: number[];
  /** Share (0..1) of API requests whose connection is cut after the handler ran (writes committed). */
  dropRate: number;
  /** Writes stay in flight this long after their idempotency key was taken. */
  holdWritesMs: number;
  /** Token bucket: requests per second per token it refills at; 0 = unlimited. */
  rateLimitRps: number;
  /** Token bucket: its capacity (X-RateLimit-Limit); null = the same as rateLimitRps (at least 1). */
  rateLimitBurst: number | null;
  /** A fixed window of `requests` per `seconds` per token instead of the bucket; null = the bucket. */
  rateLimitWindow: RateWindow | null;
  listingMode: ListingMode;
  next: OneShotFault[];
}

export interface SimOptions {
  /** 0 (default) picks a free port. The host is always 127.0.0.1. */
  port?: number;
  tokens?: SimToken[];
  listingMode?: ListingMode;
  enabledIntervals?: number[];
  monitorLimit?: number;
  rateLimitRps?: number;
  idempotencyTtlSeconds?: number;
  faults?: Partial<FaultSettings>;
  /** The simulated checks: first-check delay, rules and default status (src/sim/checks/settings.ts). */
  checks?: Partial<CheckSettings>;
  /** Seed of the PRNG behind error rate, drop rate and jitter (reproducible runs). */
  seed?: number;
  /** JSON state file: loaded at start, written atomically after changes. */
  stateFile?: string;
  /** Called with one line per request (the CLI's --verbose). */
  onRequestLine?: (line: string) => void;
  /** Clock in epoch ms; tests pass a fake one. */
  now?: () => number;
}

export const DEFAULT_INTERVALS: readonly number[] = [120, 180, 300, 600, 900, 1800, 3600, 7200, 21600, 43200, 86400];
export const DEFAULT_MONITOR_LIMIT = 50_000;
export const DEFAULT_RATE_LIMIT_RPS = 1000;
export const DEFAULT_IDEMPOTENCY_TTL_SECONDS = 86_400;

export interface ResolvedOptions {
  port: number;
  tokens: SimToken[];
  enabledIntervals: number[];
  monitorLimit: number;
  idempotencyTtlMs: number;
  faults: FaultSettings;
  /** Unchecked: startSimServer validates them like PATCH /__sim/checks. */
  checks: Partial<CheckSettings>;
  seed: number;
  stateFile: string | undefined;
  onRequestLine: ((line: string) => void) | undefined;
  now: () => number;
}

export function defaultFaults(): FaultSettings {
  return {
    latencyMs: 0,
    jitterMs: 0,
    errorRate: 0,
    errorStatuses: [500, 502, 503],
    dropRate: 0,
    holdWritesMs: 0,
    rateLimitRps: DEFAULT_RATE_LIMIT_RPS,
    rateLimitBurst: null,
    rateLimitWindow: null,
    listingMode: 'spec',
    next: [],
  };
}

export function resolveOptions(options: SimOptions): ResolvedOptions {
  const faults = { ...defaultFaults(), ...options.faults };
  if (options.rateLimitRps !== undefined) faults.rateLimitRps = options.rateLimitRps;
  if (options.listingMode !== undefined) faults.listingMode = options.listingMode;
  return {
    port: options.port ?? 0,
    tokens: options.tokens ?? [],
    enabledIntervals: [...(options.enabledIntervals ?? DEFAULT_INTERVALS)],
    monitorLimit: options.monitorLimit ?? DEFAULT_MONITOR_LIMIT,
    idempotencyTtlMs: (options.idempotencyTtlSeconds ?? DEFAULT_IDEMPOTENCY_TTL_SECONDS) * 1000,
    faults,
    checks: options.checks ?? {},
    seed: options.seed ?? Date.now() % 2 ** 31,
    stateFile: options.stateFile,
    onRequestLine: options.onRequestLine,
    now: options.now ?? Date.now,
  };
}
