// The client against the simulator with faults on: answers read from the simulator's own
// request log (what arrived, when, with which key), not from the client's word.
import { afterEach, describe, expect, it } from 'vitest';
import { exampleMonitorInput } from '../helpers/sim-admin.js';
import type { RequestLogEntry } from '../../src/sim/request-log.js';
import { caught } from './mock-api.js';
import { simWithClient, type SimSetup } from './sim-client.js';

let setup: SimSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const byKey = (log: readonly RequestLogEntry[]) => {
  const groups = new Map<string, RequestLogEntry[]>();
  for (const e of log) if (e.idempotencyKey) groups.set(e.idempotencyKey, [...(groups.get(e.idempotencyKey) ?? []), e]);
  return groups;
};

describe('client against the simulator', () => {
  it('waits out Retry-After on 429 (at half a request per second) and retries with the same key', async () => {
    setup = await simWithClient({ rateLimitRps: 0.5 });
    const { sim, api } = setup;
    await api.getAccount(); // takes the only token in the bucket
    // Remaining 0 and nothing known of the refill: the client probes after a second (as if
    // the limit of 1 were per second), finds half a token, and gets a 429 for 1 s.
    const created = await api.createMonitor(exampleMonitorInput('rate-limited'), 'key-rate-limited-1');
    expect(created.monitor.name).toBe('rate-limited');
    const posts = sim.requests().filter((e) => e.method === 'POST');
    expect(posts.map((e) => e.status)).toEqual([429, 201]);
    expect(posts.map((e) => e.idempotencyKey)).toEqual(['key-rate-limited-1', 'key-rate-limited-1']);
    expect(posts.map((e) => e.early)).toEqual([false, false]);
    expect(posts[1]!.startedAtMs - posts[0]!.startedAtMs).toBeGreaterThanOrEqual(1000);
  });

  it('keeps every write exactly once under 5xx and commit-then-drop faults, each retry with its key', async () => {
    // 12 attempts at a 36% fault rate: an operation fails for good about once in 200,000.
    setup = await simWithClient({ faults: { errorRate: 0.2, dropRate: 0.2 }, seed: 11 }, { maxAttempts: 12 });
    const { sim, api } = setup;
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        api.createMonitor(exampleMonitorInput(`faulty-${i}`), `key-faulty-create-${i}`),
      ),
    );
    const ids = new Set(results.map((r) => r.monitor.id));
    expect(ids.size).toBe(24);
    await Promise.all(
      results
        .slice(0, 8)
        .map((r, i) => api.replaceMonitor(r.monitor.id, exampleMonitorInput(`renamed-${i}`), `key-faulty-put-${i}`)),
    );
    await Promise.all(results.slice(8, 16).map((r, i) => api.deleteMonitor(r.monitor.id, `key-faulty-del-${i}`)));

    sim.setFaults({ errorRate: 0, dropRate: 0 });
    const live = await api.listMonitors();
    expect(live).toHaveLength(16); // 24 created once each, 8 deleted
    expect(live.filter((m) => m.name.startsWith('renamed-'))).toHaveLength(8);

    const log = sim.requests();
    const writes = log.filter((e) => e.method !== 'GET');
    expect(writes.every((e) => e.idempotencyKey !== null)).toBe(true);
    const groups = byKey(writes);
    expect(groups.size).toBe(24 + 8 + 8);
    const retried = [...groups.values()].filter((g) => g.length > 1);
    expect(retried.length).toBeGreaterThan(5); // the faults really hit
    expect(writes.some((e) => e.dropped)).toBe(true);
    expect(writes.some((e) => e.status >= 500)).toBe(true);
    // A dropped write was committed; its retry carried the same key and got the stored answer.
    for (const group of retried) {
      const firstDrop = group.findIndex((e) => e.dropped);
      if (firstDrop >= 0) expect(group.slice(firstDrop + 1).some((e) => e.replayed)).toBe(true);
      const last = group.at(-1)!;
      expect(last.dropped).toBe(false);
      expect(last.status).toBeLessThan(300);
    }
  });

  it("pages through a listing in both of the simulator's modes, sending each cursor back unchanged", async () => {
    for (const listingMode of ['spec', 'full'] as const) {
      setup = await simWithClient({ listingMode });
      setup.sim.seedMonitors(Array.from({ length: 230 }, (_, i) => exampleMonitorInput(`listed-${i}`)));
      const live = await setup.api.listMonitors();
      expect(live).toHaveLength(230);
      expect(new Set(live.map((m) => m.id)).size).toBe(230);
      const gets = setup.sim.requests().filter((e) => e.method === 'GET');
      expect(gets).toHaveLength(3);
      expect(gets.every((e) => new URLSearchParams(e.query).get('per_page') === '100')).toBe(true);
      await setup.close();
      setup = undefined;
    }
  });

  it('works through latency with jitter, with many requests in flight', async () => {
    setup = await simWithClient({ faults: { latencyMs: 20, jitterMs: 20 } }, { concurrency: 8 });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        setup!.api.createMonitor(exampleMonitorInput(`slow-${i}`), `key-latency-${i}`),
      ),
    );
    expect(results).toHaveLength(16);
    const answers = setup.logLines.filter((l) => l.startsWith('<- 201'));
    expect(answers).toHaveLength(16);
  });

  it('a write still running is answered 409 and retried with the same key until its answer is stored', async () => {
    // The first attempt times out on the client while the simulator holds the write.
    setup = await simWithClient(
      { faults: { next: [{ method: 'POST', path: '/monitors', fault: 'hold', holdMs: 2500 }] } },
      {
        timeouts: { connectMs: 1000, headersMs: 500, bodyMs: 500 },
        clock: Date.now,
        sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
        backoff: { baseMs: 300, maxMs: 1000 },
      },
    );
    const created = await setup.api.createMonitor(exampleMonitorInput('held'), 'key-held-write-1');
    expect(created.monitor.name).toBe('held');
    const posts = setup.sim.requests().filter((e) => e.method === 'POST');
    expect(posts.every((e) => e.idempotencyKey === 'key-held-write-1')).toBe(true);
    const statuses = posts.map((e) => e.status);
    expect(statuses).toContain(409);
    expect(statuses.at(-1)).toBe(201);
    expect(posts.at(-1)!.replayed).toBe(true);
    expect(setup.sim.core.state.workspace('default').monitors.size).toBe(1);
  }, 15_000);

  it("maps the simulator's 401, 403 and 422 to typed errors", async () => {
    setup = await simWithClient({
      tokens: [
        {
          token: 'sim_token_0123456789abcdef',
          workspace: 'default',
          scopes: ['monitors:read'],
          expiresAt: null,
          revoked: false,
          activeMember: true,
        },
      ],
    });
    const forbidden = await caught(() => setup!.api.createMonitor(exampleMonitorInput('x1'), 'key-forbidden-1'));
    expect(forbidden.code).toBe('API_FORBIDDEN');
    expect(forbidden.message).toContain('monitors:write');
    await setup.close();

    setup = await simWithClient();
    const invalid = await caught(() =>
      setup!.api.createMonitor(exampleMonitorInput('x2', { port: 0, timeout_seconds: 99 }), 'key-invalid-1'),
    );
    expect(invalid.code).toBe('API_VALIDATION');
    expect((invalid.fieldErrors as { field: string }[]).map((f) => f.field).sort()).toEqual([
      'port',
      'timeout_seconds',
    ]);
    await setup.close();

    setup = await simWithClient({}, { token: 'not_a_token_of_the_sim' });
    const unauthorized = await caught(() => setup!.api.listMonitors());
    expect(unauthorized.code).toBe('API_UNAUTHORIZED');
    expect(unauthorized.message).not.toContain('not_a_token_of_the_sim');
  });
});
