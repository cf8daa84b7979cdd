// What a limiter answers for one request. `limit` and `remaining` become
// X-RateLimit-Limit / X-RateLimit-Remaining; a refusal carries whole seconds for Retry-After.

export type RateDecision =
  { allowed: true; limit: number; remaining: number } | { allowed: false; limit: number; retryAfterSeconds: number };

/** One kind of limit, keyed by token id; `now` in epoch ms (pure: the caller passes the clock). */
export interface Limiter {
  take(who: string, now: number): RateDecision;
}
