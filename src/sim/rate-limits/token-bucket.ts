// A token bucket per token: `rate` tokens per second up to `burst`; a request takes one.
// X-RateLimit-Limit is the burst (what a full bucket allows at once), Remaining the whole
// tokens left. A refusal waits the whole seconds until one token is back (at least 1).
import type { Limiter, RateDecision } from './decision.js';

export class TokenBucket implements Limiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: number,
    private readonly burst: number,
  ) {}

  take(who: string, now: number): RateDecision {
    const bucket = this.buckets.get(who) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * this.rate);
    bucket.at = now;
    this.buckets.set(who, bucket);
    const limit = Math.ceil(this.burst);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, limit, remaining: Math.floor(bucket.tokens) };
    }
    return { allowed: false, limit, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate)) };
  }
}
