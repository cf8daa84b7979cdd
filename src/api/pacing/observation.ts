// One answer as the pacer learns from it.

export interface Observation {
  /** Order in which the request was sent (1, 2, ...). */
  seq: number;
  sentAt: number;
  /** When the answer arrived. */
  at: number;
  /** X-RateLimit-Remaining (0 for a 429). */
  remaining: number;
  /**
   * Requests the server has granted so far, as far as this client can tell: Remaining plus
   * the requests it took up to this one. It only grows when the limit gives requests back,
   * whatever this client spends, so its growth between two answers is the refill. Answers
   * can overtake each other, so it is known between `granted` and `grantedAtMost`.
   */
  granted: number;
  grantedAtMost: number;
  /** A 429: nothing was left. */
  refused: boolean;
  /** A 429's Retry-After, when it had one. */
  retryAfterMs?: number;
}
