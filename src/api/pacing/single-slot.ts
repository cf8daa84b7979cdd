// A limit of one request (X-RateLimit-Limit: 1, a token bucket of burst 1 say): every
// success leaves it empty, and Remaining is 0 on every answer, so it says nothing of the
// refill. What does: a request that succeeded a gap after the last success proves the
// refill came within that gap, and one answered 429 that it had not. The period is
// searched for between the two, starting from a prior, a few probes at most, each probe
// sooner than the shortest gap that worked but never as soon as one that failed; once the
// two are within a few percent, the shortest gap that worked is kept.
// Pure: gaps in ms, measured by the caller from send to send.

/** The search stops when the gap that worked is within this factor of the one that failed. */
const CLOSE = 1.08;
/** Without a failure yet, each probe tries this share of the shortest gap that worked. */
const STEP = 0.6;

export class SingleSlot {
  /** The shortest gap that worked; undefined until one has. */
  private worked: number | undefined;
  /** The longest gap that failed; 0 until one has. */
  private failed = 0;

  constructor(private readonly prior: number) {}

  /** How long after the last success the next request goes. */
  get gap(): number {
    const worked = this.worked;
    if (worked === undefined) return this.failed > 0 ? this.failed / STEP : this.prior;
    if (this.failed === 0) return worked * STEP;
    if (worked <= this.failed * CLOSE) return worked;
    return (worked + this.failed) / 2;
  }

  succeeded(gap: number): void {
    this.worked = Math.min(this.worked ?? Infinity, gap);
    // At or below a gap that failed: the refill is faster than it looked (or the limit changed).
    if (this.worked <= this.failed) this.failed = 0;
  }

  refused(gap: number): void {
    this.failed = Math.max(this.failed, gap);
    // A gap that worked before failed now: the refill is slower than it looked (or the limit changed).
    if (this.worked !== undefined && this.failed >= this.worked) this.worked = undefined;
  }
}
