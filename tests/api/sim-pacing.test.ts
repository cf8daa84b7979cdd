// Pacing against the simulator's token bucket on the shared fake clock (sim-client.ts):
// time moves only by the client's own waits, so "near the limit" is a count, not a
// stopwatch: the simulated time the client took against the least the bucket allows.
import { afterEach, expect, it } from 'vitest';
import { exampleMonitorInput } from '../helpers/sim-admin.js';
import { simWithClient, type SimSetup } from './sim-client.js';

let setup: SimSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

it('300 creates at a 100 rps limit: near the limit, at most 1% answered 429, none before a Retry-After', async () => {
  const RATE = 100;
  setup = await simWithClient({ rateLimitRps: RATE }, { concurrency: 8 });
  const { api, sim, now } = setup;
  const started = now();
  await Promise.all(
    Array.from({ length: 300 }, (_, i) => api.createMonitor(exampleMonitorInput(`paced-${i}`), `key-paced-${i}`)),
  );
  const posts = sim.requests().filter((e) => e.method === 'POST');
  expect(posts.filter((e) => e.status === 201)).toHaveLength(300);
  expect(posts.filter((e) => e.status === 429).length).toBeLessThanOrEqual(3);
  expect(posts.filter((e) => e.early)).toEqual([]);
  // The bucket starts with RATE requests and gives back RATE a second: the 200 after it
  // need at least 2 simulated seconds; within 10% of that is near the limit.
  const simulatedMs = now() - started;
  expect(simulatedMs).toBeGreaterThanOrEqual(2000);
  expect(simulatedMs).toBeLessThanOrEqual(2200);
});
