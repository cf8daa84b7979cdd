// How fast a continuously refilling limit (a token bucket) gives requests back, as a lower
// bound: over a stretch of answers, the requests granted (Remaining plus the requests taken
// up to it) grew by at least (growth - 1, as Remaining shows whole requests) while at most
// (last answer - first send) passed.
// A stretch starts again at every answer where the limit may have been full, since a full
// bucket wastes its refill and would make the rate look lower than it is, and a window
// refilled at once would make it look far higher.
import type { Observation } from './observation.js';

export class RefillRate {
  private start: Observation | undefined;
  private current = 0;
  private before = 0;

  /** `atTop`: the limit may have been full at this answer (its refill may have been cut off). */
  observe(obs: Observation, atTop: boolean): void {
    if (!this.start || atTop) {
      this.before = Math.max(this.before, this.current);
      this.current = 0;
      this.start = obs;
      return;
    }
    const elapsed = obs.at - this.start.sentAt;
    if (elapsed <= 0) return;
    this.current = Math.max(this.current, (obs.granted - this.start.granted - 1) / elapsed);
  }

  /** Requests came back for certain since the limit was last at the top. */
  get refilling(): boolean {
    return this.current > 0;
  }

  /** Requests per millisecond; 0 while unknown. */
  get perMs(): number {
    return Math.max(this.current, this.before);
  }

  /** A 429 where the estimate promised a request: it was too high (or someone else shares the limit). */
  slowDown(): void {
    this.current /= 2;
    this.before /= 2;
  }
}
