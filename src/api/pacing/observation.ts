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
   * Requests of this client the server had taken when it answered this one (its own
   * included, unless refused): those sent up to it, less the 429s and less those still on
   * their way when its answer came (answers arrive in the order the server took the
   * requests, so those come after it).
   */
  taken: number;
  /**
   * Remaining + taken: the requests the server has granted so far. It only grows when the
   * limit gives requests back, whatever this client spends, so its growth between two
   * answers is the refill.
   */
  granted: number;
  /** A 429: nothing was left. */
  refused: boolean;
  /** A 429's Retry-After, when it had one. */
  retryAfterMs?: number;
}
