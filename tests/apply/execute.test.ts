import { describe, expect, it, vi } from 'vitest';
import { executePlan } from '../../src/apply/execute.js';
import type { ApplyEvent } from '../../src/apply/types.js';
import { createLockRecorder } from '../../src/apply/lock-recorder.js';
import { failureReport, lockErrorReport, summaryLine } from '../../src/render/apply-report.js';
import { ApiError } from '../../src/api/errors.js';
import { MonitorsError } from '../../src/errors.js';
import { keyForGeneration } from '../../src/plan/idempotency-key.js';
import type { Plan } from '../../src/plan/types.js';
import { MemoryApi } from './memory-api.js';
import { base, change, plan, recorder } from './plan-fixtures.js';

describe('executePlan', () => {
  it('creates, replaces and deletes, recording each in the lock, deletes last', async () => {
    const api = new MemoryApi();
    const keep = api.seed({ ...base, name: 'keep' });
    const gone = api.seed({ ...base, name: 'gone' });
    const { lock, writes } = recorder({
      format_version: 1,
      salt: 's',
      monitors: [{ id: gone, name: 'gone', fingerprint: 'f' }],
    });
    const result = await executePlan(
      plan([
        change('create', 'new-one', null, {}),
        change('replace', 'keep', keep, { timeout_seconds: 20 }),
        change('delete', 'gone', gone),
      ]),
      { api, env: {}, lock },
    );
    expect(result).toMatchObject({ created: 1, replaced: 1, deleted: 1, failed: 0 });
    expect([...api.monitors.values()].map((m) => m.name).sort()).toEqual(['keep', 'new-one']);
    expect(api.monitors.get(keep)?.timeout_seconds).toBe(20);
    const writesOrder = api.requests.filter((r) => r.method !== 'GET').map((r) => r.method);
    expect(writesOrder.at(-1)).toBe('DELETE');
    const final = writes.at(-1)!;
    expect(final.monitors.map((r) => r.name)).toEqual(['keep', 'new-one']);
    expect(lock.current()).toEqual(final);
  });

  it('sends the same keys when the same plan runs again, and the server acts only once', async () => {
    const api = new MemoryApi();
    const p = plan([change('create', 'a', null, {}), change('create', 'b', null, {})]);
    await executePlan(p, { api, env: {}, lock: recorder().lock });
    await executePlan(p, { api, env: {}, lock: recorder().lock });
    expect(api.monitors.size).toBe(2);
    const keys = api.requests.filter((r) => r.method === 'POST').map((r) => r.key);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(2);
  });

  it('uses the next key generation when a replayed create names a monitor deleted out of band', async () => {
    const api = new MemoryApi();
    const p = plan([change('create', 'a', null, {})]);
    await executePlan(p, { api, env: {}, lock: recorder().lock });
    api.monitors.clear(); // deleted in the dashboard; the stored 201 still exists
    const events: ApplyEvent[] = [];
    const { lock } = recorder();
    const result = await executePlan(p, { api, env: {}, lock, onEvent: (e) => events.push(e) });
    expect(result.created).toBe(1);
    expect(api.monitors.size).toBe(1);
    const [id] = [...api.monitors.keys()];
    expect(lock.current().monitors).toEqual([{ id, name: 'a', fingerprint: 'fp-a' }]);
    expect(events.some((e) => e.kind === 'regenerate' && e.generation === 1)).toBe(true);
    const keys = api.requests.filter((r) => r.method === 'POST').map((r) => r.key);
    expect(keys[2]).toBe(keyForGeneration(p.changes[0]!, 1));
  });

  it('creates a monitor removed and added back again and again, past every replayed 201 of the earlier ones', async () => {
    const api = new MemoryApi();
    const p = plan([change('create', 'toggled', null, {})]);
    for (let cycle = 1; cycle <= 6; cycle++) {
      const { lock } = recorder();
      const result = await executePlan(p, { api, env: {}, lock });
      expect(result, `cycle ${cycle}`).toMatchObject({ created: 1, failed: 0 });
      const [id] = [...api.monitors.keys()];
      expect(lock.current().monitors.map((r) => r.id)).toEqual([id]);
      api.monitors.clear(); // removed from the YAML and deleted by the next apply
    }
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1 + 2 + 3 + 4 + 5 + 6); // cycle n replays n - 1 stored 201s first
    expect(new Set(posts.map((r) => r.key)).size).toBe(6);
  });

  describe('a create answered with the stored 201 of a monitor that lives on under another name (issue 27)', () => {
    /** "alpha" created, then renamed to "beta" (the lock records beta); the plan creates alpha again, same body. */
    async function renamedHistory() {
      const api = new MemoryApi();
      const p = plan([change('create', 'alpha', null, {})]);
      await executePlan(p, { api, env: {}, lock: recorder().lock });
      const [betaId] = [...api.monitors.keys()];
      api.monitors.set(betaId!, { ...api.monitors.get(betaId!)!, name: 'beta' });
      const betaRecord = { id: betaId!, name: 'beta', fingerprint: 'fp-beta' };
      return { api, p, betaId: betaId!, betaRecord };
    }

    it("is never recorded: alpha is created under the next generation, beta's record is kept in every lock written", async () => {
      const { api, p, betaId, betaRecord } = await renamedHistory();
      const { lock, writes } = recorder({ format_version: 1, salt: 's', monitors: [betaRecord] });
      const events: ApplyEvent[] = [];
      const result = await executePlan(p, { api, env: {}, lock, onEvent: (e) => events.push(e) });
      expect(result).toMatchObject({ created: 1, failed: 0 });
      const alphaId = [...api.monitors.keys()].find((id) => id !== betaId)!;
      expect(lock.current().monitors).toEqual([{ id: alphaId, name: 'alpha', fingerprint: 'fp-alpha' }, betaRecord]);
      for (const written of writes) expect(written.monitors).toContainEqual(betaRecord);
      expect(events).toContainEqual(
        expect.objectContaining({
          kind: 'regenerate',
          generation: 1,
          why: `the answer names ${betaId}, recorded in the lock file as "beta": the stored response of an earlier create with this key`,
        }),
      );
      // Told at once from the answer: no listing needed between the replay and the next create.
      expect(api.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'POST', 'POST', 'GET']);
    });

    it('also when the monitor is unmanaged, or the target of another change of the plan', async () => {
      const { api, p, betaId } = await renamedHistory();
      const unmanaged = { ...p, unmanaged: [{ id: betaId, name: 'beta' }] };
      const { lock, writes } = recorder();
      const result = await executePlan(unmanaged, { api, env: {}, lock });
      expect(result).toMatchObject({ created: 1, failed: 0 });
      for (const written of writes) expect(written.monitors.map((r) => r.id)).not.toContain(betaId);
      expect(lock.current().monitors.map((r) => r.name)).toEqual(['alpha']);
      expect(lock.current().monitors[0]?.id).not.toBe(betaId);
    });

    it('also when the monitor is one a --target plan leaves out (no lock record: its replace not targeted)', async () => {
      const { api, p, betaId } = await renamedHistory();
      const partial: Plan = {
        ...p,
        targets: ['alpha'],
        not_targeted: [{ action: 'replace', name: 'beta', id: betaId, reason: 'not_verifiable' }],
      };
      // Killed after the create was recorded, before its check: what the lock holds then.
      const { lock, writes } = recorder();
      const events: ApplyEvent[] = [];
      await executePlan(partial, {
        api,
        env: {},
        lock,
        onEvent: (e) => events.push(e),
        beforeVerify: () => Promise.reject(new Error('killed')),
      }).catch(() => undefined);
      for (const written of writes) expect(written.monitors.map((r) => r.id)).not.toContain(betaId);
      expect(lock.current().monitors.map((r) => r.id)).not.toContain(betaId);
      expect(events).toContainEqual(
        expect.objectContaining({
          kind: 'regenerate',
          why: expect.stringContaining(
            `the answer names ${betaId}, the monitor "beta" this plan leaves out (--target)`,
          ),
        }),
      );
    });

    it('runs out of generations as a failure that names the other monitor, recording nothing', async () => {
      const { api, p, betaRecord } = await renamedHistory();
      const { lock, writes } = recorder({ format_version: 1, salt: 's', monitors: [betaRecord] });
      const result = await executePlan(p, { api, env: {}, lock, maxCreateGenerations: 1 });
      expect(result).toMatchObject({ created: 0, failed: 1 });
      expect(result.outcomes[0]?.error?.code).toBe('APPLY_NOT_EFFECTIVE');
      expect(result.outcomes[0]?.error?.message).toContain('recorded in the lock file as "beta"');
      // The lock said the create was going out (and, its effect not shown, still says so): no record of it, ever.
      expect(writes.map((w) => w.monitors)).toEqual(writes.map(() => [betaRecord]));
      expect(lock.current().monitors).toEqual([betaRecord]);
    });

    it('after an interrupt, sends no next generation', async () => {
      const { api, p, betaRecord } = await renamedHistory();
      const interrupt = new AbortController();
      api.failNext = (method) => void (method === 'POST' && interrupt.abort());
      const { lock } = recorder({ format_version: 1, salt: 's', monitors: [betaRecord] });
      const result = await executePlan(p, { api, env: {}, lock, signal: interrupt.signal });
      expect(result).toMatchObject({ created: 0, failed: 1, interrupted: true });
      expect(result.outcomes[0]?.error?.hint).toContain('interrupted');
      expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
      expect(lock.current().monitors).toEqual([betaRecord]);
    });
  });

  it('does not create again when only the listing lags behind (GET by id finds the new monitor)', async () => {
    const api = new MemoryApi();
    api.afterCreate = (id) => api.hiddenFromListing.add(id);
    const { lock } = recorder();
    const result = await executePlan(plan([change('create', 'lagging', null, {})]), { api, env: {}, lock });
    expect(result).toMatchObject({ created: 1, failed: 0 });
    expect(api.monitors.size).toBe(1);
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(lock.current().monitors).toHaveLength(1);
  });

  it('gives up, bounded, on a create whose every new monitor is deleted at once', async () => {
    const api = new MemoryApi();
    api.afterCreate = (id) => api.monitors.delete(id);
    const { lock } = recorder();
    const result = await executePlan(plan([change('create', 'doomed', null, {})]), {
      api,
      env: {},
      lock,
      maxCreateGenerations: 4,
    });
    expect(result).toMatchObject({ created: 0, failed: 1 });
    expect(result.outcomes[0]?.error?.code).toBe('APPLY_NOT_EFFECTIVE');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(4);
    expect(lock.current().monitors).toEqual([]);
  });

  it('reports a replace of a monitor deleted since the plan, and drops its lock record', async () => {
    const api = new MemoryApi();
    const gone = '01J00000000000000000000077';
    const { lock } = recorder({
      format_version: 1,
      salt: 's',
      monitors: [{ id: gone, name: 'gone', fingerprint: 'f' }],
    });
    const result = await executePlan(plan([change('replace', 'gone', gone, { timeout_seconds: 20 })]), {
      api,
      env: {},
      lock,
    });
    expect(result).toMatchObject({ replaced: 0, failed: 1 });
    expect(result.outcomes[0]?.error).toMatchObject({
      code: 'APPLY_TARGET_GONE',
      hint: expect.stringContaining('creates it anew'),
    });
    expect(lock.current().monitors).toEqual([]);
  });

  it('after an interrupt starts no new change, finishes the one in flight and records it', async () => {
    const api = new MemoryApi();
    const old = api.seed({ ...base, name: 'old' });
    const interrupt = new AbortController();
    const { lock, writes } = recorder({
      format_version: 1,
      salt: 's',
      monitors: [{ id: old, name: 'old', fingerprint: 'f' }],
    });
    api.failNext = (method) => {
      if (method === 'POST') interrupt.abort(); // Ctrl-C while the first create is in flight
      return undefined;
    };
    const p = plan([
      change('create', 'a', null, {}),
      change('create', 'b', null, {}),
      change('create', 'c', null, {}),
      change('delete', 'old', old),
    ]);
    const result = await executePlan(p, { api, env: {}, lock, concurrency: 1, signal: interrupt.signal });
    expect(result).toMatchObject({ created: 1, deleted: 0, failed: 0, notStarted: 3, interrupted: true });
    expect(api.requests.filter((r) => r.method !== 'GET')).toHaveLength(1);
    expect(api.monitors.has(old)).toBe(true);
    expect(writes.at(-1)?.monitors.map((r) => r.name)).toEqual(['a', 'old']);
  });

  it('still reports what was done when the lock file cannot be written, with the error', async () => {
    const api = new MemoryApi();
    let writes = 0;
    // The first write (the creates about to go out) lands; the disk fails after it.
    const lock = createLockRecorder({ format_version: 1, salt: 's', monitors: [] }, async () => {
      if (++writes > 1) throw new MonitorsError('FILE_WRITE_FAILED', 'cannot write monitors.lock.json (EROFS)');
    });
    const result = await executePlan(plan([change('create', 'a', null, {}), change('create', 'b', null, {})]), {
      api,
      env: {},
      lock,
    });
    expect(result).toMatchObject({ created: 2, failed: 0, lockError: { code: 'FILE_WRITE_FAILED' } });
    expect(lockErrorReport(result)[0]).toBe(
      'error FILE_WRITE_FAILED: the lock file was not updated: cannot write monitors.lock.json (EROFS)',
    );
  });

  it('re-sends a replace whose replayed response did not take effect (edited out of band since)', async () => {
    const api = new MemoryApi();
    const id = api.seed({ ...base, name: 'a' });
    const p = plan([change('replace', 'a', id, { timeout_seconds: 30 })]);
    await executePlan(p, { api, env: {}, lock: recorder().lock });
    api.monitors.set(id, { ...api.monitors.get(id)!, timeout_seconds: 5 });
    const result = await executePlan(p, { api, env: {}, lock: recorder().lock });
    expect(result.replaced).toBe(1);
    expect(api.monitors.get(id)?.timeout_seconds).toBe(30);
  });

  it('goes on with independent changes when one fails, and reports it', async () => {
    const api = new MemoryApi();
    api.failNext = (method, target) =>
      method === 'POST' && api.requests.filter((r) => r.method === 'POST').length === 1
        ? new MonitorsError('API_VALIDATION', `bad ${target}`)
        : undefined;
    const { lock } = recorder();
    const result = await executePlan(plan([change('create', 'a', null, {}), change('create', 'b', null, {})]), {
      api,
      env: {},
      lock,
      concurrency: 1,
    });
    expect(result).toMatchObject({ created: 1, failed: 1 });
    expect(result.outcomes.find((o) => !o.ok)?.error?.code).toBe('API_VALIDATION');
    expect(lock.current().monitors.map((r) => r.name)).toEqual(['b']);
  });

  it('treats a delete of a monitor that is already gone as done', async () => {
    const api = new MemoryApi();
    const { lock } = recorder({
      format_version: 1,
      salt: 's',
      monitors: [{ id: '01J00000000000000000000099', name: 'x', fingerprint: 'f' }],
    });
    const result = await executePlan(plan([change('delete', 'x', '01J00000000000000000000099')]), {
      api,
      env: {},
      lock,
    });
    expect(result).toMatchObject({ deleted: 1, failed: 0 });
    expect(lock.current().monitors).toEqual([]);
  });

  it('resolves ${env:NAME} templates at send time, and refuses to start when one is missing', async () => {
    const api = new MemoryApi();
    const p = plan([change('create', 'a', null, { auth_type: 'bearer', auth_secret: '${env:SHOP_TOKEN}' })]);
    await expect(executePlan(p, { api, env: {}, lock: recorder().lock })).rejects.toMatchObject({
      code: 'APPLY_MISSING_ENV',
    });
    expect(api.requests).toHaveLength(0);
    await executePlan(p, { api, env: { SHOP_TOKEN: 's3cret' }, lock: recorder().lock });
    expect([...api.monitors.values()][0]?.auth_secret).toBe('s3cret');
  });
});

describe('a token the API refuses (401, 403)', () => {
  for (const [code, status] of [
    ['API_FORBIDDEN', 403],
    ['API_UNAUTHORIZED', 401],
  ] as const) {
    it(`${status}: the apply starts no new write after the first, lets those in flight finish and records them, says it once`, async () => {
      const api = new MemoryApi();
      const seeded = api.seed({ ...base, name: 'gone' });
      let writes = 0;
      // The 3rd write is refused; with 2 in flight at once, at most one more was already sent.
      api.failNext = (method) =>
        method !== 'GET' && ++writes >= 3 ? new ForbiddenOrUnauthorized(code, status) : undefined;
      const changes = [
        ...Array.from({ length: 8 }, (_, i) => change('create', `c${i}`, null, {})),
        change('delete', 'gone', seeded),
      ];
      const { lock } = recorder({
        format_version: 1,
        salt: 's',
        monitors: [{ id: seeded, name: 'gone', fingerprint: 'f' }],
      });
      const result = await executePlan(plan(changes), { api, env: {}, lock, concurrency: 2 });
      const sent = api.requests.filter((r) => r.method !== 'GET');
      expect(sent.length, 'no new write after the refusal').toBeLessThanOrEqual(4);
      expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
      expect(result.stoppedBy?.code).toBe(code);
      expect(result.created).toBe(2);
      expect(result.created + result.failed + result.notStarted).toBe(8 + 1 - result.deleted);
      expect(result.notStarted).toBeGreaterThanOrEqual(5);
      expect(result.interrupted).toBe(false);
      expect(
        lock
          .current()
          .monitors.map((r) => r.name)
          .sort(),
      ).toEqual(['c0', 'c1', 'gone']);
      const report = failureReport(result).join('\n');
      const refusal = status === 403 ? /lacks the monitors:write scope/g : /token was rejected/g;
      expect(report.match(refusal), 'the refusal said once').toHaveLength(1);
      expect(report).not.toContain('Run the same apply again');
      expect(report).toContain('Once the token is fixed, run the apply again');
      expect(summaryLine(result, 10)).toMatch(
        /^Apply stopped: 2 created, 0 updated, 0 deleted, \d+ failed, \d+ not started\./,
      );
    });
  }

  it('other failures do not stop the apply', async () => {
    const api = new MemoryApi();
    api.failNext = (method) =>
      method === 'POST' && api.requests.filter((r) => r.method === 'POST').length === 1
        ? new MonitorsError('API_SERVER_ERROR', 'boom')
        : undefined;
    const result = await executePlan(plan(Array.from({ length: 4 }, (_, i) => change('create', `c${i}`, null, {}))), {
      api,
      env: {},
      lock: recorder().lock,
      concurrency: 1,
    });
    expect(result).toMatchObject({ created: 3, failed: 1, notStarted: 0 });
    expect(result.stoppedBy).toBeUndefined();
  });
});

class ForbiddenOrUnauthorized extends ApiError {
  constructor(code: 'API_FORBIDDEN' | 'API_UNAUTHORIZED', status: number) {
    super(
      code,
      status === 403
        ? 'the API token lacks the monitors:write scope needed for POST /monitors (403)'
        : 'the API token was rejected (401)',
      {
        status,
        method: 'POST',
        path: '/monitors',
        hint:
          status === 403
            ? 'Create a token with the monitors:write scope in the dashboard (settings, API).'
            : 'Create a new token.',
      },
    );
  }
}

describe('lock recorder', () => {
  it('forgets a record by id, or only when it has the name given', () => {
    const lock = createLockRecorder(
      {
        format_version: 1,
        salt: 's',
        monitors: [
          { id: 'a', name: 'alpha', fingerprint: 'f' },
          { id: 'b', name: 'beta', fingerprint: 'f' },
        ],
      },
      async () => {},
    );
    lock.forget('a', 'not alpha');
    lock.forget('b', 'beta');
    expect(lock.current().monitors.map((r) => r.id)).toEqual(['a']);
    lock.forget('a');
    expect(lock.current().monitors).toEqual([]);
  });

  it('coalesces writes but ends with everything recorded', async () => {
    const writes: number[] = [];
    let release: () => void = () => {};
    const lock = createLockRecorder({ format_version: 1, salt: 's', monitors: [] }, async (l) => {
      writes.push(l.monitors.length);
      await new Promise<void>((r) => (release = r));
    });
    for (let i = 0; i < 50; i++)
      lock.record({ id: `id${String(i).padStart(2, '0')}`, name: `m${i}`, fingerprint: 'f' });
    const flushed = lock.flush();
    for (let i = 0; i < 5; i++) {
      release();
      await new Promise((r) => setImmediate(r));
    }
    await flushed;
    expect(writes.at(-1)).toBe(50);
    expect(writes.length).toBeLessThanOrEqual(3);
  });

  it('after a write that took T, waits 2T before the next (a big lock is written a third of the time at most); flush ends the wait', async () => {
    vi.useFakeTimers();
    try {
      const started: number[] = [];
      const lock = createLockRecorder({ format_version: 1, salt: 's', monitors: [] }, async () => {
        started.push(Date.now());
        await new Promise((r) => setTimeout(r, 100)); // each write takes 100 ms
      });
      const t0 = Date.now();
      lock.record({ id: 'a', name: 'a', fingerprint: 'f' });
      await vi.advanceTimersByTimeAsync(50);
      lock.record({ id: 'b', name: 'b', fingerprint: 'f' }); // during the first write
      await vi.advanceTimersByTimeAsync(240); // the write ends at 100; the next may start at 300
      expect(started.map((t) => t - t0)).toEqual([0]);
      await vi.advanceTimersByTimeAsync(20);
      expect(started.map((t) => t - t0)).toEqual([0, 300]);
      await vi.advanceTimersByTimeAsync(150); // second write done at 400, nothing left to write
      lock.record({ id: 'c', name: 'c', fingerprint: 'f' }); // recorded at 460, after the last write: written at once
      await vi.advanceTimersByTimeAsync(0);
      expect(started.map((t) => t - t0)).toEqual([0, 300, 460]);
      lock.record({ id: 'd', name: 'd', fingerprint: 'f' }); // during that write: waits until 760
      await vi.advanceTimersByTimeAsync(150);
      expect(started.map((t) => t - t0)).toEqual([0, 300, 460]);
      const flushed = lock.flush(); // at 610: ends the wait
      await vi.advanceTimersByTimeAsync(0);
      expect(started.map((t) => t - t0)).toEqual([0, 300, 460, 610]);
      await vi.advanceTimersByTimeAsync(100);
      await flushed;
      expect(lock.current().monitors.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    } finally {
      vi.useRealTimers();
    }
  });
});
