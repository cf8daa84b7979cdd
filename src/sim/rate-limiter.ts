// Per-token token buckets: `rps` tokens per second, burst = rps. A refused request gets
// the whole seconds until one token is back (at least 1), for an integer Retry-After.

export type RateDecision =
  | { allowed: true; limit: number; remaining: number }
  | { allowed: false; limit: number; retryAfterSeconds: number };

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private rps: number,
    private readonly now: () => number,
  ) {}

  /** 0 = unlimited. Changing the rate refills every bucket. */
  setRate(rps: number): void {
    this.rps = rps;
    this.buckets.clear();
  }

  get rate(): number {
    return this.rps;
  }

  take(who: string): RateDecision | undefined {
    if (this.rps <= 0) return undefined;
    const now = this.now();
    const capacity = Math.max(1, this.rps);
    const bucket = this.buckets.get(who) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.rps);
    bucket.at = now;
    this.buckets.set(who, bucket);
    const limit = Math.ceil(capacity);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, limit, remaining: Math.floor(bucket.tokens) };
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / this.rps));
    return { allowed: false, limit, retryAfterSeconds };
  }
}
