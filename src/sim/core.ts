// Everything a request handler needs, built once by the server.
import type { CheckEngine } from './checks/engine.js';
import type { FaultInjector } from './faults.js';
import type { IdempotencyStore } from './idempotency.js';
import type { ResolvedOptions } from './options.js';
import type { RateLimiter } from './rate-limits/rate-limiter.js';
import type { RequestLog } from './request-log.js';
import type { SimState } from './state.js';
import type { TokenRegistry } from './tokens.js';

export interface SimCore {
  options: ResolvedOptions;
  state: SimState;
  idempotency: IdempotencyStore;
  tokens: TokenRegistry;
  limiter: RateLimiter;
  faults: FaultInjector;
  /** The simulated checks: run what is due before each request. */
  checks: CheckEngine;
  log: RequestLog;
  /** http://127.0.0.1:<port>/api/v1, for Location headers. */
  baseUrl: string;
  /** Aborted on close: writes held in flight give up instead of committing late. */
  shutdown: AbortSignal;
}
