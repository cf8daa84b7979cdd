// A whole paced run in simulated time, no sockets and no timers: `requests` requests with
// `concurrency` at once go through the pacing model against one of the simulator's
// limiters (the same classes `monitors sim` uses), with a fixed latency before the server
// takes each request. A 429'd request retries after its pause, as the transport does.
// Deterministic, so tests can assert counts: what was accepted, refused, sent early.
import { PacingModel, type Ticket } from '../../../src/api/pacing/model.js';
import type { Limiter } from '../../../src/sim/rate-limits/decision.js';
import { RetryAfterWatch } from '../../../src/sim/rate-limits/retry-after-watch.js';

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
}

export interface RunResult {
  accepted: number;
  refused: number;
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

export function discreteRun(options: RunOptions): RunResult {
  const {
    limiter,
    requests,
    concurrency = 8,
    latencyMs = 25,
    jitterMs = () => 0,
    start = Date.parse('2026-01-01T00:00:00Z'),
    maxMs = 3_600_000,
  } = options;
  const model = new PacingModel();
  const watch = new RetryAfterWatch();
  const events: Event[] = [];
  let order = 0;
  let now = start;
  const at = (time: number, run: () => void) => {
    events.push({ at: time, order: order++, run });
  };

  let notStarted = requests;
  let ready = 0; // active requests waiting for the pacer
  let wakeAt = Infinity;
  let sentCount = 0;
  const result: RunResult = { accepted: 0, refused: 0, early: 0, elapsedMs: 0, acceptedAt: [], model };
  let first = Infinity;
  let lastAnswer = start;

  const pump = () => {
    while (notStarted > 0 && ready + inFlightOrSleeping < concurrency) {
      notStarted -= 1;
      ready += 1;
    }
    while (ready > 0) {
      const d = model.decide(now);
      if (d.kind === 'send') {
        ready -= 1;
        send(model.sent(now));
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
  let inFlightOrSleeping = 0;

  const send = (ticket: Ticket) => {
    inFlightOrSleeping += 1;
    const i = sentCount++;
    const arrival = now;
    first = Math.min(first, arrival);
    if (watch.isEarly('t', arrival)) result.early += 1;
    at(now + latencyMs + jitterMs(i), () => {
      const decision = limiter.take('t', now);
      if (!decision.allowed) watch.refused('t', now, decision.retryAfterSeconds);
      lastAnswer = now;
      if (decision.allowed) {
        result.accepted += 1;
        result.acceptedAt.push(arrival);
        model.settle(ticket, now, { status: 201, limit: decision.limit, remaining: decision.remaining });
        inFlightOrSleeping -= 1;
        return;
      }
      result.refused += 1;
      const pauseMs = decision.retryAfterSeconds * 1000;
      model.settle(ticket, now, { status: 429, retryAfterMs: pauseMs, pauseMs });
      // The refused request sleeps its Retry-After, then queues for the pacer again.
      at(now + pauseMs, () => {
        inFlightOrSleeping -= 1;
        ready += 1;
      });
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
