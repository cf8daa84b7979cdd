// How fast a continuously refilling limit (a token bucket) gives requests back, as a lower
// bound: over a stretch of answers, the requests granted (Remaining plus the requests taken
// up to it) grew by at least (least at the end - most at the start - 1, for the whole
// tokens Remaining shows) while at most (last answer - first send) passed.
// A stretch starts again at every answer that shows the limit full, since a full bucket
// wastes its refill and would make the rate look lower than it is (only ever lower).
import type { Observation } from './observation.js';

export class RefillRate {
  private start: Observation | undefined;
  private current = 0;
  private earlier = 0;

  observe(obs: Observation, limit: number): void {
    if (!this.start || obs.remaining >= limit - 1) {
      this.earlier = Math.max(this.earlier, this.current);
      this.current = 0;
      this.start = obs;
      return;
    }
    const elapsed = obs.at - this.start.sentAt;
    if (elapsed <= 0) return;
    this.current = Math.max(this.current, (obs.granted - this.start.grantedAtMost - 1) / elapsed);
  }

  /** Requests per millisecond; 0 while unknown. */
  get perMs(): number {
    return Math.max(this.current, this.earlier);
  }

  /** A 429 where the estimate promised a request: it was too high (or someone else shares the limit). */
  slowDown(): void {
    this.current /= 2;
    this.earlier /= 2;
  }
}
