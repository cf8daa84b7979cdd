// Pacing against the simulator's token bucket in real time (the bucket refills with the
// wall clock): a burst of creates at 100 requests per second should run near the limit
// without a wall of 429s. Small version of the apply benchmark (bench/apply.ts).
import { afterEach, expect, it } from 'vitest';
import { exampleMonitorInput } from '../helpers/sim-admin.js';
import { simWithClient, type SimSetup } from './sim-client.js';

let setup: SimSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

it('300 creates at a 100 rps limit: near the limit, at most 1% answered 429', async () => {
  const RATE = 100;
  setup = await simWithClient(
    { rateLimitRps: RATE, now: Date.now },
    { concurrency: 8, clock: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) },
  );
  const api = setup.api;
  await Promise.all(Array.from({ length: 300 }, (_, i) => api.createMonitor(exampleMonitorInput(`paced-${i}`), `key-paced-${i}`)));
  const posts = setup.sim.requests().filter((e) => e.method === 'POST');
  const tooMany = posts.filter((e) => e.status === 429).length;
  const accepted = posts.filter((e) => e.status === 201);
  // The bucket starts with RATE tokens; the rest can go no faster than RATE per second,
  // so the whole run takes at least (300 - RATE) / RATE seconds. Going faster than the
  // limit would show as 429s; the lower bound is loose because the machine is shared
  // (bench/apply.ts measures precisely).
  const seconds = (accepted.at(-1)!.startedAtMs - accepted[0]!.startedAtMs) / 1000;
  const rps = (accepted.length - RATE) / seconds;
  expect(accepted).toHaveLength(300);
  expect(tooMany).toBeLessThanOrEqual(3);
  expect(rps).toBeGreaterThan(RATE * 0.6);
});
