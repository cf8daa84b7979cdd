// A whole paced run in simulated time, no sockets and no timers: `requests` requests with
// `concurrency` at once go through the pacing model against one of the simulator's
// limiters (the same classes `monitors sim` uses), with a fixed latency before the server
// takes each request. Retries follow the transport: a 429'd request retries after its
// pause; with `faults`, a share of the requests the limiter took are answered 503 with no
// rate-limit headers (as the spec server does: the limit was spent), and retry after the
// request's own backoff (retry-policy.ts, as the transport computes it), queueing for the
// pacer again. Deterministic, so tests can assert counts: what was accepted, refused, sent
// early.
import { PacingModel, type Ticket } from '../../../src/api/pacing/model.js';
import { retryDelayMs } from '../../../src/api/retry-policy.js';
import type { Limiter } from '../../../src/sim/rate-limits/decision.js';
import { RetryAfterWatch } from '../../../src/sim/rate-limits/retry-after-watch.js';
import { seededRandom } from '../../../src/sim/prng.js';

export interface RunOptions {
  limiter: Limiter;
  requests: number;
  concurrency?: number;
  latencyMs?: number;
  /** Extra latency of the i-th request (reordering); 0 when absent. */
  jitterMs?: (i: number) => number;
  /** Simulated start (epoch ms). */
  start?: number;
  /** Give up after this much simulated time. */
  maxMs?: number;
  /** A share of the requests the limiter took answered 503 (seeded, so a run repeats exactly). */
  faults?: { rate503: number; seed: number };
  /** The transport's backoff (default: MONITORS_RETRY_BASE_MS's default, 250 ms, capped at 20 s). */
  backoff?: { baseMs: number; maxMs: number };
}

export interface RunResult {
  accepted: number;
  refused: number;
  /** Answered 503 (faults). */
  failed: number;
  early: number;
  /** From the first request's arrival to the last answer. */
  elapsedMs: number;
  /** Arrival times at the server of accepted requests. */
  acceptedAt: number[];
  model: PacingModel;
}

interface Event {
  at: number;
  order: number;
  run: () => void;
}

interface Request {
  /** Attempts made so far. */
  attempts: number;
}

export function discreteRun(options: RunOptions): RunResult {
  const {
    limiter,
    requests,
    concurrency = 8,
    latencyMs = 25,
    jitterMs = () => 0,
    start = Date.parse('2026-01-01T00:00:00Z'),
    maxMs = 3_600_000,
    faults,
    backoff = { baseMs: 250, maxMs: 20_000 },
  } = options;
  const model = new PacingModel();
  const watch = new RetryAfterWatch();
  const events: Event[] = [];
  const random = seededRandom(faults?.seed ?? 1); // the same faults, and the same backoff jitter, on every run
  let order = 0;
  let now = start;
  const at = (time: number, run: () => void) => {
    events.push({ at: time, order: order++, run });
  };

  let notStarted = requests;
  const ready: Request[] = []; // active requests waiting for the pacer, in the order they queued
  let busy = 0; // requests on their way or sleeping before a retry
  let wakeAt = Infinity;
  let sentCount = 0;
  const result: RunResult = { accepted: 0, refused: 0, failed: 0, early: 0, elapsedMs: 0, acceptedAt: [], model };
  let first = Infinity;
  let lastAnswer = start;

  const pump = () => {
    while (notStarted > 0 && ready.length + busy < concurrency) {
      notStarted -= 1;
      ready.push({ attempts: 0 });
    }
    while (ready.length > 0) {
      const d = model.decide(now);
      if (d.kind === 'send') {
        send(ready.shift()!, model.sent(now));
        continue;
      }
      if (d.kind === 'wait' && d.until < wakeAt) {
        wakeAt = d.until;
        at(d.until, () => {
          if (wakeAt === d.until) wakeAt = Infinity;
        });
      }
      return;
    }
  };

  /** The request sleeps, then queues for the pacer again. */
  const retryAfter = (request: Request, ms: number) =>
    at(now + ms, () => {
      busy -= 1;
      ready.push(request);
    });

  const send = (request: Request, ticket: Ticket) => {
    busy += 1;
    request.attempts += 1;
    const i = sentCount++;
    const arrival = now;
    first = Math.min(first, arrival);
    if (watch.isEarly('t', arrival)) result.early += 1;
    at(now + latencyMs + jitterMs(i), () => {
      const decision = limiter.take('t', now);
      if (!decision.allowed) watch.refused('t', now, decision.retryAfterSeconds);
      lastAnswer = now;
      if (decision.allowed && faults && random() < faults.rate503) {
        result.failed += 1;
        model.settle(ticket, now, { status: 503 });
        retryAfter(request, retryDelayMs(request.attempts, { kind: 'status', status: 503 }, backoff, random()));
        return;
      }
      if (decision.allowed) {
        result.accepted += 1;
        result.acceptedAt.push(arrival);
        model.settle(ticket, now, { status: 201, limit: decision.limit, remaining: decision.remaining });
        busy -= 1;
        return;
      }
      result.refused += 1;
      const retryAfterMs = decision.retryAfterSeconds * 1000;
      model.settle(ticket, now, { status: 429, retryAfterMs, pauseMs: retryAfterMs });
      const outcome = { kind: 'status' as const, status: 429, retryAfterMs };
      retryAfter(request, retryDelayMs(request.attempts, outcome, backoff, random()));
    });
  };

  pump();
  while (events.length > 0) {
    events.sort((a, b) => a.at - b.at || a.order - b.order);
    const event = events.shift()!;
    now = event.at;
    if (now - start > maxMs) break;
    event.run();
    pump();
  }
  result.elapsedMs = lastAnswer - first;
  return result;
}
