// Slows requests down as X-RateLimit-Remaining nears zero, so a large apply does not run
// into a wall of 429s. The window of the limit is not specified; it is taken as one
// second (spacing requests 1000/limit ms apart), and every 429 doubles the spacing
// (a longer window shows itself that way), while answers with plenty remaining let
// the pacing relax again.

export interface Pacer {
  /** Resolves when the next request may start. */
  acquire(): Promise<void>;
  /** Reads the rate-limit headers of an answer. */
  observe(headers: { limit?: number; remaining?: number }): void;
  /** A 429 arrived: slow down. */
  throttled(): void;
}

export function createPacer(concurrency: number, clock: () => number, sleep: (ms: number) => Promise<void>): Pacer {
  let spacingMs = 0;
  let backoffFactor = 1;
  let nextSlot = 0;
  let pacing = false;

  return {
    async acquire() {
      if (!pacing || spacingMs === 0) return;
      const now = clock();
      const slot = Math.max(now, nextSlot);
      nextSlot = slot + spacingMs * backoffFactor;
      if (slot > now) await sleep(slot - now);
    },
    observe({ limit, remaining }) {
      if (limit === undefined || remaining === undefined || limit <= 0) return;
      spacingMs = (1000 / limit) * 1.03; // a little under the refill rate
      // Keep a reserve for the requests already in flight.
      const low = remaining <= Math.max(concurrency * 2, Math.ceil(limit * 0.2));
      if (low) pacing = true;
      else if (remaining > limit * 0.6) {
        pacing = false;
        backoffFactor = Math.max(1, backoffFactor / 2);
      }
    },
    throttled() {
      pacing = true;
      if (spacingMs === 0) spacingMs = 100;
      backoffFactor = Math.min(backoffFactor * 2, 64);
    },
  };
}
