// The pacer's waiting: in order, one sleeper at a time, woken early by an answer.
import { describe, expect, it } from 'vitest';
import { createPacer } from '../../../src/api/pacing/pacer.js';

/** A clock that moves only when told, and sleeps that end only when told. */
function fakeTime() {
  let now = 1_000_000;
  const sleeps: { ms: number; signal: AbortSignal | undefined; end: () => void }[] = [];
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      sleeps.push({ ms, signal, end: resolve });
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
  return { clock: () => now, sleep, sleeps, advance: (ms: number) => void (now += ms) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('pacer', () => {
  it('lets requests start in the order they asked, the first alone until an answer comes', async () => {
    const time = fakeTime();
    const pacer = createPacer(time.clock, time.sleep);
    const order: number[] = [];
    const tickets = [1, 2, 3].map((n) => pacer.acquire().then((t) => (order.push(n), t)));
    const first = await tickets[0]!;
    await flush();
    expect(order).toEqual([1]); // nothing known of the server yet
    pacer.settle(first, { status: 200 }); // no rate-limit headers: no limit
    await Promise.all(tickets);
    expect(order).toEqual([1, 2, 3]);
    expect(time.sleeps).toEqual([]);
  });

  it('sleeps once for the first in line; an answer meanwhile wakes it and cancels that timer', async () => {
    const time = fakeTime();
    const pacer = createPacer(time.clock, time.sleep);
    pacer.settle(await pacer.acquire(), { status: 200, limit: 10, remaining: 8 });
    const [refused, other] = [await pacer.acquire(), await pacer.acquire()];
    pacer.settle(refused, { status: 429, retryAfterMs: 2000, pauseMs: 2000 });
    let started = 0;
    const waiting = [pacer.acquire(), pacer.acquire(), pacer.acquire()].map((p) => p.then(() => started++));
    await flush();
    expect(time.sleeps.map((s) => s.ms)).toEqual([2000]);
    time.advance(500);
    pacer.settle(other, { status: 201, limit: 10, remaining: 6 });
    await flush();
    expect(time.sleeps[0]!.signal?.aborted).toBe(true);
    // The answer shows room, but the Retry-After still holds everything back.
    expect(time.sleeps.map((s) => s.ms)).toEqual([2000, 1500]);
    expect(started).toBe(0);
    time.advance(1500);
    time.sleeps[1]!.end();
    await Promise.all(waiting);
    expect(started).toBe(3);
  });

  it('holds back every request until a Retry-After has passed', async () => {
    const time = fakeTime();
    const pacer = createPacer(time.clock, time.sleep);
    const first = await pacer.acquire();
    pacer.settle(first, { status: 200, limit: 10, remaining: 8 });
    const refused = await pacer.acquire();
    pacer.settle(refused, { status: 429, retryAfterMs: 2000, pauseMs: 2000 });
    let started = false;
    const next = pacer.acquire().then(() => (started = true));
    await flush();
    expect(time.sleeps.map((s) => s.ms)).toEqual([2000]);
    time.advance(1999);
    time.sleeps[0]!.end();
    await flush();
    expect(started).toBe(false);
    expect(time.sleeps.map((s) => s.ms)).toEqual([2000, 1]);
    time.advance(1);
    time.sleeps[1]!.end();
    await next;
  });
});
