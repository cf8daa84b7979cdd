// When the next request may start, inferred from nothing but what answers say: the
// spec's X-RateLimit-Limit / X-RateLimit-Remaining on successes and Retry-After on 429s.
// Pure: the caller passes the time; pacer.ts does the waiting.
//
// - What Remaining says is certain, less the requests sent since (in flight, Remaining
//   does not count them yet): those are spent at once ("funded" requests).
// - Beyond that, the limit's refill is inferred, as one of two shapes:
//   * continuous (a token bucket): requests come back a few at a time. The rate is a lower
//     bound measured over the answers (refill-rate.ts), and requests go out at that rate.
//   * stepped (a fixed window): nothing comes back for a while, then everything at once
//     (first seen as a 429 when it ran out, and full after the Retry-After).
//     The window's end is bracketed from the jumps seen (window-bounds.ts); a small reserve
//     of each window is spent spread over the bracket, so the next jump is seen early and
//     the bracket narrows, and nothing beyond it is sent before the bracket has passed.
//   Requests coming back while the limit stays short of the top are continuous for
//   certain (a window refills to the top at once). Until one shape has shown, a request
//   beyond what Remaining covers is a single probe, sent a short while after the last answer.
// - Probes (requests that are not funded and may meet a 429) go one at a time, so a 429
//   never meets another request already on its way. Beyond a continuous refill's lower
//   bound, several may be on their way: that rate promises them.
// - A 429 holds every request back until its Retry-After has passed (the limit belongs to
//   the token), then one probe finds out how much is back.
import type { Observation } from './observation.js';
import { RefillRate } from './refill-rate.js';
import { SingleSlot } from './single-slot.js';
import { WindowBounds } from './window-bounds.js';

export interface Ticket {
  seq: number;
  sentAt: number;
}

export interface Settled {
  /** HTTP status; 0 when no answer came (network error). */
  status: number;
  limit?: number | undefined;
  remaining?: number | undefined;
  /** For a 429: its Retry-After, when it had a readable one. */
  retryAfterMs?: number | undefined;
  /** For a 429: how long every request holds back (the Retry-After, or a backoff step without one). */
  pauseMs?: number | undefined;
}

export type Decision = { kind: 'send' } | { kind: 'wait'; until: number } | { kind: 'await-answer' };

type Shape = 'unknown' | 'continuous' | 'stepped';

const SEND: Decision = { kind: 'send' };
const AWAIT: Decision = { kind: 'await-answer' };

export class PacingModel {
  private seq = 0;
  private readonly inFlight = new Set<number>();
  private readonly refused: number[] = [];
  private pausedUntil = -Infinity;
  private probeAfterPause = false;
  private headerless = false;
  private limit: number | undefined;
  private last: Observation | undefined;
  /** Requests sent since `last` (and those in flight then) that its Remaining does not count. */
  private spent = 0;
  private shape: Shape = 'unknown';
  private rate = new RefillRate();
  private windows = new WindowBounds();
  /** When the last answer without rate-limit headers came (a 503, a network error): the limit may have been spent. */
  private quietSince = -Infinity;
  /** A limit of one: its period, searched for (single-slot.ts). */
  private single: SingleSlot | undefined;
  /** A limit of one: when the request that last emptied it (a success, or an answer without headers) was sent. */
  private emptiedAt = -Infinity;
  /** A limit of one: when the last success was sent, if nothing took the limit since (else undefined). */
  private lastSuccessAt: number | undefined;

  decide(now: number): Decision {
    if (now < this.pausedUntil) return { kind: 'wait', until: this.pausedUntil };
    if (this.limit === undefined || !this.last) {
      // Until an answer says whether the server limits at all, one request at a time.
      return this.headerless || this.inFlight.size === 0 ? SEND : AWAIT;
    }
    if (this.single) return this.probe(now, this.emptiedAt + this.single.gap);
    if (this.probeAfterPause) return this.probe(now, now);
    const left = this.last.remaining - this.spent;
    switch (this.shape) {
      case 'continuous': {
        if (left >= 1) return SEND;
        const perMs = this.rate.perMs;
        if (perMs <= 0) return this.probe(now, Math.max(this.last.at, this.quietSince) + this.probeDelayMs());
        // The refill since the last answer covers what is spent beyond it; several may be
        // on their way, since the rate is a lower bound.
        const at = this.last.at + (1 - left) / perMs;
        return now >= at ? SEND : { kind: 'wait', until: at };
      }
      case 'stepped': {
        const reserve = reserveOf(this.limit);
        const end = this.windows.currentEnd()!;
        if (left > reserve) return SEND;
        if (left >= 1) {
          // The reserve, evenly over the bracket of the window's end from its earliest on (the
          // probe after it comes at its latest), so the jump shows between two of them.
          const i = reserve - left;
          const at = end.earliest + ((end.latest - end.earliest) * i) / reserve;
          return now >= at ? SEND : { kind: 'wait', until: at };
        }
        return this.probe(now, end.latest);
      }
      default:
        return left >= 1 ? SEND : this.probe(now, Math.max(this.last.at, this.quietSince) + this.probeDelayMs());
    }
  }

  /** The request decided on is sent now. */
  sent(now: number): Ticket {
    const ticket = { seq: ++this.seq, sentAt: now };
    this.inFlight.add(ticket.seq);
    this.spent += 1;
    return ticket;
  }

  settle(ticket: Ticket, now: number, answer: Settled): void {
    this.inFlight.delete(ticket.seq);
    if (answer.status === 429) return this.refusal(ticket, now, answer);
    const { remaining } = answer;
    if (remaining === undefined) {
      if (this.limit === undefined) this.headerless = true;
      else {
        // A 503 or a lost answer says nothing of the limit, but the server may have taken
        // from it: a probe waits from here, as it would after an answer with headers.
        this.quietSince = now;
        this.emptied(ticket, false);
      }
      return;
    }
    this.headerless = false;
    const limit = answer.limit ?? Math.max(this.limit ?? 0, remaining + 1);
    if (this.limit !== undefined && limit !== this.limit) this.forget();
    this.limit = limit;
    if (limit === 1) this.emptied(ticket, true);
    this.learn(this.observation(ticket, now, remaining, false));
    this.probeAfterPause = false;
  }

  /** A limit of one was emptied by this request: by a success (which tells how soon it came back), or maybe by another answer. */
  private emptied(ticket: Ticket, success: boolean): void {
    if (this.limit !== 1) return;
    this.single ??= new SingleSlot(this.probeDelayMs());
    if (success && this.lastSuccessAt !== undefined) this.single.succeeded(ticket.sentAt - this.lastSuccessAt);
    this.emptiedAt = Math.max(this.emptiedAt, ticket.sentAt);
    this.lastSuccessAt = success ? ticket.sentAt : undefined;
  }

  /** For tests: the shape inferred so far. */
  get inferred(): { shape: Shape; ratePerSecond: number; limit: number | undefined } {
    return { shape: this.shape, ratePerSecond: this.rate.perMs * 1000, limit: this.limit };
  }

  /** For the debug log: what is known of the limit, in a few words. */
  describe(): string {
    if (this.limit === undefined) return this.headerless ? 'no rate-limit headers' : 'nothing known yet';
    if (this.shape === 'continuous')
      return `limit ${this.limit}, refilled continuously at ${Math.floor(this.rate.perMs * 1000)}/s or more`;
    const length = this.windows.length();
    if (this.shape === 'stepped' && length)
      return `limit ${this.limit} per window of ${(length.shortest / 1000).toFixed(1)} to ${(length.longest / 1000).toFixed(1)} s`;
    return `limit ${this.limit}, refill not seen yet`;
  }

  private refusal(ticket: Ticket, now: number, { pauseMs, retryAfterMs }: Settled): void {
    this.refused.push(ticket.seq);
    if (this.single && this.lastSuccessAt !== undefined) this.single.refused(ticket.sentAt - this.lastSuccessAt);
    if (pauseMs !== undefined) this.pausedUntil = Math.max(this.pausedUntil, now + pauseMs);
    this.probeAfterPause = true;
    if (this.shape === 'continuous') this.rate.slowDown();
    if (this.limit === undefined) return;
    this.learn({ ...this.observation(ticket, now, 0, true), ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
  }

  private observation(ticket: Ticket, now: number, remaining: number, refused: boolean): Observation {
    let onTheirWay = 0;
    for (const seq of this.inFlight) if (seq < ticket.seq) onTheirWay += 1;
    const taken = this.taken(ticket.seq) - onTheirWay;
    return { seq: ticket.seq, sentAt: ticket.sentAt, at: now, remaining, taken, granted: remaining + taken, refused };
  }

  private learn(obs: Observation): void {
    const previous = this.last;
    // An answer to a request sent before the last one known tells an older state.
    if (previous && obs.seq < previous.seq) return;
    if (!obs.refused) {
      const top = this.atTop(previous, obs);
      this.rate.observe(obs, top);
      // Requests came back while the limit stayed short of the top: no window does that.
      if (this.rate.refilling) this.shape = 'continuous';
      else if (previous && top && obs.granted > previous.granted) this.jumped(previous, obs);
    }
    this.windows.seen(obs, this.limit!);
    this.last = obs;
    this.spent = this.inFlight.size;
  }

  /**
   * Whether the limit may have been full when `obs` was answered: its Remaining plus the
   * requests taken since the answer before make the limit. After a window's refill, always.
   */
  private atTop(previous: Observation | undefined, obs: Observation): boolean {
    return obs.remaining + obs.taken - (previous?.taken ?? obs.taken) >= this.limit! - 1;
  }

  /** Refilled to the top between two answers. */
  private jumped(before: Observation, after: Observation): void {
    // An idle bucket fills up to the top too (while the plan is computed, say): a first
    // window shows as a 429 once it ran out and as full after its Retry-After.
    if (this.shape === 'continuous' || (this.shape === 'unknown' && !before.refused)) return;
    this.shape = 'stepped';
    this.windows.reset(lastMomentBefore(before), after.at);
  }

  /** Requests up to `seq` that took from the limit (all but those answered 429). */
  private taken(seq: number): number {
    let refused = 0;
    for (const s of this.refused) if (s <= seq) refused += 1;
    return seq - refused;
  }

  /** A request Remaining does not cover: alone, not before `at`. */
  private probe(now: number, at: number): Decision {
    if (this.inFlight.size > 0) return AWAIT;
    return now >= at ? SEND : { kind: 'wait', until: at };
  }

  /** Before anything is known of the refill: as if the limit were per second. */
  private probeDelayMs(): number {
    return Math.min(1000, Math.max(10, 1000 / (this.limit ?? 100)));
  }

  /** The limit itself changed: what was learnt of the old one no longer holds. */
  private forget(): void {
    this.single = undefined;
    this.emptiedAt = -Infinity;
    this.lastSuccessAt = undefined;
    this.shape = 'unknown';
    this.rate = new RefillRate();
    this.windows = new WindowBounds();
    this.last = undefined;
  }
}

/**
 * Requests of each window kept back to spread over the bracket of its end: at least two,
 * so that each window narrows the bracket of the next (one at its earliest, one within).
 */
function reserveOf(limit: number): number {
  return Math.max(1, Math.min(limit - 1, 10, Math.max(2, Math.round(limit / 10))));
}

/**
 * The latest moment known to precede a refill seen after `obs`: its request was sent then.
 * After a 429, also the start of the last second of its Retry-After, since a server rounds
 * that up to whole seconds.
 */
function lastMomentBefore(obs: Observation): number {
  if (obs.refused && obs.retryAfterMs !== undefined && obs.retryAfterMs >= 1000)
    return Math.max(obs.sentAt, obs.at + obs.retryAfterMs - 1000);
  return obs.sentAt;
}
