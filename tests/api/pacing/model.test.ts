// The pacing model on a fake clock: what it decides after what answers, step by step.
import { describe, expect, it } from 'vitest';
import { PacingModel, type Settled, type Ticket } from '../../../src/api/pacing/model.js';

const T0 = 1_000_000;

/** A model and helpers that send and answer at given times. */
function harness() {
  const model = new PacingModel();
  const send = (at: number): Ticket => {
    expect(model.decide(at)).toEqual({ kind: 'send' });
    return model.sent(at);
  };
  const answer = (ticket: Ticket, at: number, settled: Settled) => model.settle(ticket, at, settled);
  return { model, send, answer };
}

describe('pacing model', () => {
  it('sends one request alone until an answer says whether the server limits, then freely when it does not', () => {
    const { model, send, answer } = harness();
    const first = send(T0);
    expect(model.decide(T0)).toEqual({ kind: 'await-answer' });
    answer(first, T0 + 20, { status: 200 });
    for (let i = 0; i < 20; i++) send(T0 + 20);
  });

  it('spends what Remaining says at once, less the requests already on their way', () => {
    const { model, send, answer } = harness();
    const first = send(T0);
    answer(first, T0 + 10, { status: 200, limit: 10, remaining: 6 });
    const inFlight = [send(T0 + 10), send(T0 + 10), send(T0 + 10)];
    // An answer to the first of them still counts the other two as on their way.
    answer(inFlight[0]!, T0 + 20, { status: 201, limit: 10, remaining: 5 });
    send(T0 + 20);
    send(T0 + 20);
    send(T0 + 20);
    // 5 left when answered, 2 on their way then, 3 sent since: nothing is certain now, and
    // nothing is known of the refill: wait for the answers in flight.
    expect(model.decide(T0 + 20)).toEqual({ kind: 'await-answer' });
  });

  it('holds every request back until a Retry-After has passed, then sends a single probe', () => {
    const { model, send, answer } = harness();
    answer(send(T0), T0 + 10, { status: 200, limit: 5, remaining: 4 });
    const [a, b] = [send(T0 + 10), send(T0 + 10)];
    answer(a, T0 + 30, { status: 429, retryAfterMs: 3000, pauseMs: 3000 });
    expect(model.decide(T0 + 30)).toEqual({ kind: 'wait', until: T0 + 3030 });
    expect(model.decide(T0 + 3029)).toEqual({ kind: 'wait', until: T0 + 3030 });
    answer(b, T0 + 40, { status: 201, limit: 5, remaining: 0 });
    // After the pause, one probe finds out how much is back.
    const probe = send(T0 + 3030);
    expect(model.decide(T0 + 3030)).toEqual({ kind: 'await-answer' });
    answer(probe, T0 + 3050, { status: 201, limit: 5, remaining: 4 });
    send(T0 + 3050);
  });

  it('a Retry-After too long to wait holds nothing back (the request fails on its own)', () => {
    const { model, send, answer } = harness();
    answer(send(T0), T0 + 10, { status: 200 });
    answer(send(T0 + 10), T0 + 20, { status: 429, retryAfterMs: 3_600_000 });
    expect(model.decide(T0 + 20)).toEqual({ kind: 'send' });
  });

  it('reads a refill that leaves Remaining short of the top as a token bucket, and paces at a lower bound of its rate', () => {
    const { model, send, answer } = harness();
    // Limit 10, drained: Remaining 0 at T0 + 100.
    answer(send(T0), T0 + 10, { status: 200, limit: 10, remaining: 9 });
    let at = T0 + 10;
    for (let remaining = 8; remaining >= 0; remaining--)
      answer(send(at), (at += 10), { status: 201, limit: 10, remaining });
    expect(model.inferred.shape).toBe('unknown');
    // Nothing known of the refill: a probe after 1000/limit ms, alone.
    expect(model.decide(at)).toEqual({ kind: 'wait', until: at + 100 });
    // The server refills 20 a second: 2 back after 100 ms, one taken by the probe.
    const probe = send((at += 100));
    answer(probe, (at += 10), { status: 201, limit: 10, remaining: 1 });
    expect(model.inferred.shape).toBe('continuous');
    const rate = model.inferred.ratePerSecond;
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThanOrEqual(20);
    // The one left is certain; beyond it, one more request per 1/rate after the last answer.
    const last = at;
    send(at);
    const next = model.decide(at);
    expect(next.kind).toBe('wait');
    expect((next as { until: number }).until - last).toBeCloseTo(1000 / rate, 6);
  });

  it('reads a jump back to the top after a 429 as a window, and sends nothing unfunded before its latest end', () => {
    const { model, send, answer } = harness();
    // A window of 10 per 10 s: drained in 100 ms, then a 429 with Retry-After 10.
    answer(send(T0), T0 + 10, { status: 200, limit: 10, remaining: 9 });
    let at = T0 + 10;
    for (let remaining = 8; remaining >= 0; remaining--)
      answer(send(at), (at += 10), { status: 201, limit: 10, remaining });
    const probe = send((at += 100));
    answer(probe, (at += 10), { status: 429, retryAfterMs: 10_000, pauseMs: 10_000 });
    at += 10_000;
    answer(send(at), (at += 10), { status: 201, limit: 10, remaining: 9 });
    expect(model.inferred.shape).toBe('stepped');
    // All but the reserve (2 of 10) at once; the reserve over the bracket of the window's
    // end, and the probe after it only at its latest.
    const burst = Array.from({ length: 7 }, () => send(at));
    burst.forEach((ticket, i) => answer(ticket, at + 10, { status: 201, limit: 10, remaining: 8 - i }));
    at += 10;
    const times: number[] = [];
    for (let remaining = 1; remaining >= 0; remaining--) {
      const reserve = model.decide(at);
      expect(reserve.kind).toBe('wait');
      at = (reserve as { until: number }).until;
      times.push(at);
      answer(send(at), (at += 10), { status: 201, limit: 10, remaining });
    }
    const latest = model.decide(at);
    expect(latest.kind).toBe('wait');
    // The first window lasted at least from the first request to the last second of the
    // 429's Retry-After (9.21 s); it was seen to end by the answer that showed the jump
    // (10.22 s), and the next end is guessed up to a quarter later than that, from there on.
    const jumpSeen = T0 + 10 + 90 + 100 + 10 + 10_000 + 10;
    expect(times[0]).toBe(jumpSeen + 9210);
    expect((latest as { until: number }).until).toBeCloseTo(jumpSeen + (jumpSeen - T0) * 1.25, 6);
  });

  it('forgets what it learnt when the limit itself changes', () => {
    const { model, send, answer } = harness();
    answer(send(T0), T0 + 10, { status: 200, limit: 5, remaining: 0 });
    answer(send(T0 + 210), T0 + 220, { status: 201, limit: 5, remaining: 1 });
    expect(model.inferred.shape).toBe('continuous');
    answer(send(T0 + 220), T0 + 230, { status: 201, limit: 50, remaining: 40 });
    expect(model.inferred).toMatchObject({ shape: 'unknown', limit: 50 });
  });

  it('after an answer without rate-limit headers (a 503), a probe waits from that answer, not from the last one with headers', () => {
    const { model, send, answer } = harness();
    answer(send(T0), T0 + 10, { status: 200, limit: 10, remaining: 0 });
    // Nothing known of the refill: a probe 1000/limit ms after the last answer.
    expect(model.decide(T0 + 10)).toEqual({ kind: 'wait', until: T0 + 110 });
    answer(send(T0 + 110), T0 + 120, { status: 503 });
    // The 503 may have spent the limit: the next probe waits as long again, from it.
    expect(model.decide(T0 + 120)).toEqual({ kind: 'wait', until: T0 + 220 });
  });

  it('paces a limit of one by the search for its period, from the send of the request that emptied it', () => {
    const { model, send, answer } = harness();
    answer(send(T0), T0 + 10, { status: 200, limit: 1, remaining: 0 });
    // The prior: one a second (1000/limit ms), from the first send.
    expect(model.decide(T0 + 10)).toEqual({ kind: 'wait', until: T0 + 1000 });
    answer(send(T0 + 1000), T0 + 1010, { status: 201, limit: 1, remaining: 0 });
    // That gap worked: the next probe tries a shorter one.
    const next = model.decide(T0 + 1010);
    expect(next.kind).toBe('wait');
    expect((next as { until: number }).until).toBeLessThan(T0 + 2000);
    // One at a time: nothing else goes while a probe is on its way.
    send((next as { until: number }).until);
    expect(model.decide((next as { until: number }).until + 5000)).toEqual({ kind: 'await-answer' });
  });
});
