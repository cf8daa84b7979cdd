// The simulator's rate limit: a token bucket (rate, burst) or a fixed window, chosen by
// the fault settings and rebuilt (every token starts afresh) when they change.
import type { FaultSettings } from '../options.js';
import type { Limiter, RateDecision } from './decision.js';
import { FixedWindow } from './fixed-window.js';
import { RetryAfterWatch } from './retry-after-watch.js';
import { TokenBucket } from './token-bucket.js';

export type { RateDecision } from './decision.js';
export type RateLimitSettings = Pick<FaultSettings, 'rateLimitRps' | 'rateLimitBurst' | 'rateLimitWindow'>;

export class RateLimiter {
  private limiter: Limiter | undefined;
  private settingsKey = '';
  private perMinute: number | undefined;
  private readonly watch = new RetryAfterWatch();

  constructor(
    settings: RateLimitSettings,
    private readonly now: () => number,
  ) {
    this.configure(settings);
  }

  /** Applies new settings; a change refills every bucket and starts every window afresh. */
  configure(settings: RateLimitSettings): void {
    const { rateLimitRps, rateLimitBurst, rateLimitWindow } = settings;
    const key = JSON.stringify([rateLimitRps, rateLimitBurst, rateLimitWindow]);
    if (key === this.settingsKey) return;
    this.settingsKey = key;
    this.watch.clear();
    if (rateLimitWindow) {
      this.limiter = new FixedWindow(rateLimitWindow.requests, rateLimitWindow.seconds * 1000);
      this.perMinute = (rateLimitWindow.requests * 60) / rateLimitWindow.seconds;
    } else if (rateLimitRps > 0) {
      this.limiter = new TokenBucket(rateLimitRps, rateLimitBurst ?? Math.max(1, rateLimitRps));
      this.perMinute = rateLimitRps * 60;
    } else {
      this.limiter = undefined;
      this.perMinute = undefined;
    }
  }

  /** Requests per minute allowed in the long run (for GET /account); undefined when unlimited. */
  get requestsPerMinute(): number | undefined {
    return this.perMinute;
  }

  /** undefined = unlimited. A refusal starts the token's quiet period (see isEarly). */
  take(who: string): RateDecision | undefined {
    if (!this.limiter) return undefined;
    const now = this.now();
    const decision = this.limiter.take(who, now);
    if (!decision.allowed) this.watch.refused(who, now, decision.retryAfterSeconds);
    return decision;
  }

  /** Whether a request of `who` that arrived at `arrivedAt` came before a Retry-After had elapsed. */
  isEarly(who: string, arrivedAt: number): boolean {
    return this.watch.isEarly(who, arrivedAt);
  }
}
