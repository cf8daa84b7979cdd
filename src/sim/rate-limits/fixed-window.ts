// A fixed window per token: `requests` per `windowMs`. A window starts with the first
// request after the previous one ended (a counter that expires windowMs after its first
// request, as an INCR + EXPIRE limiter does). X-RateLimit-Limit is the requests per window,
// Remaining what is left of the current one; a refusal waits the whole seconds until the
// window ends (at least 1).
import type { Limiter, RateDecision } from './decision.js';

export class FixedWindow implements Limiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly requests: number,
    private readonly windowMs: number,
  ) {}

  take(who: string, now: number): RateDecision {
    let window = this.windows.get(who);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(who, window);
    }
    if (window.count < this.requests) {
      window.count += 1;
      return { allowed: true, limit: this.requests, remaining: this.requests - window.count };
    }
    return {
      allowed: false,
      limit: this.requests,
      retryAfterSeconds: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)),
    };
  }
}
