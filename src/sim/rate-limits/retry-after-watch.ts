// Did a client come back before the Retry-After it was given? Per token, the quiet period
// of its latest 429s. A request counts as early when it ARRIVED (before the simulated
// latency) after a 429 was decided and before its Retry-After ran out: requests already on
// their way when the 429 was decided arrived earlier and do not count.

export class RetryAfterWatch {
  private readonly quiet = new Map<string, { from: number; until: number }>();

  refused(who: string, at: number, retryAfterSeconds: number): void {
    const until = Math.max(at + retryAfterSeconds * 1000, this.quiet.get(who)?.until ?? 0);
    this.quiet.set(who, { from: at, until });
  }

  /** Strictly after the 429: one in the same millisecond may have crossed it on the wire. */
  isEarly(who: string, arrivedAt: number): boolean {
    const q = this.quiet.get(who);
    return q !== undefined && arrivedAt > q.from && arrivedAt < q.until;
  }

  clear(): void {
    this.quiet.clear();
  }
}
