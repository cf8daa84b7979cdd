// Slows requests down as X-RateLimit-Remaining nears zero, so a large apply does not run
// into a wall of 429s. The window of the limit is not specified; it is taken as one
// second (X-RateLimit-Limit read as requests per second, so requests are spaced
// 1000/limit ms apart, a few percent wider), and a 429 doubles the spacing (a longer
// window shows itself that way), while answers with plenty remaining relax it again.
// A 429's Retry-After holds back every request of the client, not just the one refused:
// the limit belongs to the token, so the others would only meet the same wall.

export interface Pacer {
  /** Resolves when the next request may start. */
  acquire(): Promise<void>;
  /** Reads the rate-limit headers of an answer. */
  observe(headers: { limit?: number; remaining?: number }): void;
  /** A 429 arrived: slow down, and start nothing before its Retry-After has passed. */
  throttled(retryAfterMs?: number): void;
}

/** 429s closer together than this are one event (the requests in flight met one empty bucket). */
const THROTTLE_WINDOW_MS = 1000;
const MAX_FACTOR = 64;

export function createPacer(concurrency: number, clock: () => number, sleep: (ms: number) => Promise<void>): Pacer {
  let spacingMs = 0;
  let factor = 1;
  let nextSlot = 0;
  let pacing = false;
  let pausedUntil = 0;
  let lastThrottle = -Infinity;

  return {
    async acquire() {
      const now = clock();
      let slot = Math.max(now, pausedUntil);
      if (pacing && spacingMs > 0) {
        slot = Math.max(slot, nextSlot);
        nextSlot = slot + spacingMs * factor;
      }
      if (slot > now) await sleep(slot - now);
    },
    observe({ limit, remaining }) {
      if (limit === undefined || remaining === undefined || limit <= 0) return;
      spacingMs = (1000 / limit) * 1.03; // a little under the refill rate
      // Keep a reserve for the requests already in flight.
      if (remaining <= Math.max(concurrency * 2, Math.ceil(limit * 0.2))) pacing = true;
      else if (remaining > limit * 0.6) {
        pacing = false;
        factor = Math.max(1, factor / 2);
      }
    },
    throttled(retryAfterMs) {
      const now = clock();
      pacing = true;
      if (spacingMs === 0) spacingMs = 100;
      if (retryAfterMs !== undefined) pausedUntil = Math.max(pausedUntil, now + retryAfterMs);
      if (now - lastThrottle >= THROTTLE_WINDOW_MS) {
        factor = Math.min(factor * 2, MAX_FACTOR);
        lastThrottle = now;
      }
    },
  };
}
