// When to try a request again, and how long to wait. Pure: the client passes the clock
// and the randomness.
//
// Retried: network errors (reset, refused, timeouts), 429, 502, 503, 504, and plain 500.
// A 500 is retried too because every write carries an Idempotency-Key: the server either
// did nothing (a retry is needed) or stored the response (a retry replays it), so a retry
// can never act twice, and transient 500s are common behind load balancers. The bounded
// attempt budget keeps a persistent 500 from looping. A 409 "still running" is retried
// with the same key after a pause; a 409 for another payload never is.

export type Outcome =
  { kind: 'network' } | { kind: 'status'; status: number; retryAfterMs?: number; conflict?: ConflictKind };

export type ConflictKind = 'in_progress' | 'key_reused' | 'unknown';

/**
 * The longest Retry-After waited out. A longer one (an hourly quota, a maintenance window)
 * fails at once with the wait in the message: a run that sleeps for an hour without a
 * word looks hung and outlives CI time limits.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

export function isRetryable(outcome: Outcome): boolean {
  if (outcome.kind === 'network') return true;
  const { status } = outcome;
  if (outcome.retryAfterMs !== undefined && outcome.retryAfterMs > MAX_RETRY_AFTER_MS) return false;
  if (status === 409) return outcome.conflict !== 'key_reused';
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

/**
 * Delay before attempt `attempt + 1` (attempt counts from 1): exponential with "equal
 * jitter" (half fixed, half random), capped; never sooner than Retry-After.
 */
export function retryDelayMs(
  attempt: number,
  outcome: Outcome,
  backoff: { baseMs: number; maxMs: number },
  random: number,
): number {
  const half = minRetryDelayMs(attempt, backoff);
  const jittered = half + half * random;
  const floor = outcome.kind === 'status' && outcome.retryAfterMs !== undefined ? outcome.retryAfterMs : 0;
  return Math.max(jittered, floor);
}

/** The fixed half of that delay (without Retry-After): the least a retry waits. */
export function minRetryDelayMs(attempt: number, backoff: { baseMs: number; maxMs: number }): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** (attempt - 1)) / 2;
}

/**
 * How long a 429 holds back every request of the client (the limit belongs to the token):
 * its Retry-After; without one, the fixed half of a first attempt's backoff. Never more for
 * the refused request's own earlier failures: its backoff grows (retryDelayMs), the other
 * requests', which did not fail, does not. Undefined for a Retry-After too long to wait
 * (that request fails at once, and holds nothing back).
 */
export function sharedPauseMs(
  retryAfterMs: number | undefined,
  backoff: { baseMs: number; maxMs: number },
): number | undefined {
  if (retryAfterMs === undefined) return minRetryDelayMs(1, backoff);
  return retryAfterMs <= MAX_RETRY_AFTER_MS ? retryAfterMs : undefined;
}

/** Retry-After: integer seconds (spec), or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  // Integer seconds per the spec; fractions are read too rather than ignored.
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  // An HTTP date names its month; V8's Date.parse would read "-1" as a date too.
  if (!/[a-z]{3}/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/**
 * Tells the two 409s apart by the server's code, then by its message (the code wins: a
 * "key reused" code with a message that mentions the original running is still reuse);
 * anything else is "unknown".
 */
export function conflictKind(code: string | undefined, message: string | undefined): ConflictKind {
  const byCode = kindOfText(code ?? '');
  return byCode !== 'unknown' ? byCode : kindOfText(message ?? '');
}

function kindOfText(raw: string): ConflictKind {
  const text = raw.toLowerCase();
  if (
    /progress|running|processing|being processed|in.flight|pending|concurrent|locked|outstanding|not (yet )?(finished|completed)/.test(
      text,
    )
  )
    return 'in_progress';
  // "same parameters": Stripe's "can only be used with the same parameters they were first used with".
  if (
    /reuse|different|another|mismatch|payload|not match|conflicting|already used|same (parameters|body|request)/.test(
      text,
    )
  )
    return 'key_reused';
  return 'unknown';
}
