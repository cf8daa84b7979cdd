// The write-ahead record of creates: the lock on disk says which creates go out before the
// first one is sent (one write for them all), each entry goes once its create's outcome is
// known, and stays when the create may have taken unrecorded.
import { describe, expect, it, vi } from 'vitest';
import { executePlan } from '../../src/apply/execute.js';
import { createLockRecorder } from '../../src/apply/lock-recorder.js';
import { ApiError } from '../../src/api/errors.js';
import { MonitorsError } from '../../src/errors.js';
import type { LockFile } from '../../src/lock/types.js';
import { MemoryApi } from './memory-api.js';
import { base, change, plan, recorder } from './plan-fixtures.js';

const names = (lock: LockFile) => (lock.pending_creates ?? []).map((p) => p.name);

describe('executePlan: creates in flight', () => {
  it('writes every create of the plan to the lock once, before the first is sent, and drops each once recorded', async () => {
    const api = new MemoryApi();
    const kept = api.seed({ ...base, name: 'kept' });
    const sentBefore: number[] = [];
    const writes: LockFile[] = [];
    const lock = createLockRecorder({ format_version: 1, salt: 's', monitors: [] }, async (l) => {
      sentBefore.push(api.requests.filter((r) => r.method !== 'GET').length);
      writes.push(structuredClone(l));
    });
    const p = plan([
      change('create', 'a', null, {}),
      change('create', 'b', null, {}),
      change('replace', 'kept', kept, { timeout_seconds: 20 }),
    ]);
    const result = await executePlan(p, { api, env: {}, lock, now: () => Date.parse('2026-03-01T10:00:00Z') });
    expect(result).toMatchObject({ created: 2, replaced: 1, failed: 0 });
    expect(sentBefore[0], 'nothing sent before the first write').toBe(0);
    expect(writes[0]).toEqual({
      format_version: 1,
      salt: 's',
      monitors: [],
      pending_creates: [
        { name: 'a', key: p.changes[0]!.idempotency_key, since: '2026-03-01T10:00:00.000Z' },
        { name: 'b', key: p.changes[1]!.idempotency_key, since: '2026-03-01T10:00:00.000Z' },
      ],
    });
    const last = writes.at(-1)!;
    expect(last.monitors.map((r) => r.name)).toEqual(['a', 'b', 'kept']);
    expect(last).not.toHaveProperty('pending_creates');
  });

  it('keeps of each create what a listing shows, as its lock record would: never a secret nor a value from ${env:...}', async () => {
    const c = change('create', 'a', null, { url: 'https://${env:HOST}/x' });
    c.lock_record = {
      fingerprint: 'fp-a',
      values: { type: 'http', method: 'GET', timeout_seconds: 10, keyword: 'ok' }, // url came from ${env:HOST}
      fields: { url: 'hhhhhhhhhhhh' },
      secrets: { auth_secret: 'scrypt-n15r8p1:abc' },
    };
    const { lock, writes } = recorder();
    await executePlan(plan([c]), { api: new MemoryApi(), env: { HOST: 'shop.example.com' }, lock });
    expect(writes[0]?.pending_creates?.[0]?.listed).toEqual({ type: 'http', method: 'GET', timeout_seconds: 10 });
    expect(JSON.stringify(writes)).not.toContain('shop.example.com');
  });

  it('writes nothing ahead for a plan without creates', async () => {
    const api = new MemoryApi();
    const kept = api.seed({ ...base, name: 'kept' });
    const { lock, writes } = recorder();
    await executePlan(plan([change('replace', 'kept', kept, { timeout_seconds: 20 })]), { api, env: {}, lock });
    expect(writes.every((w) => w.pending_creates === undefined)).toBe(true);
    expect(writes.at(-1)?.monitors.map((r) => r.name)).toEqual(['kept']);
  });

  it('keeps the entry of a create whose answer was lost, drops those refused outright or never sent', async () => {
    const api = new MemoryApi();
    api.afterCreate = (id) => {
      // Committed, and then the connection is gone: the retries ran out without an answer.
      if (api.monitors.get(id)?.name === 'lost') throw new MonitorsError('API_UNREACHABLE', 'connection reset');
    };
    let posts = 0;
    api.failNext = (method) =>
      method === 'POST' && ++posts === 2 ? new ApiError('API_VALIDATION', 'refused (422)', { status: 422 }) : undefined;
    const p = plan([change('create', 'lost', null, {}), change('create', 'refused', null, {})]);
    const { lock } = recorder();
    const result = await executePlan(p, { api, env: {}, lock, concurrency: 1 });
    expect(result).toMatchObject({ created: 0, failed: 2 });
    expect(names(lock.current()), 'the lost answer may hide a create that took').toEqual(['lost']);
    expect(lock.current().monitors).toEqual([]);

    const interrupted = new AbortController();
    interrupted.abort();
    const never = recorder();
    await executePlan(plan([change('create', 'never', null, {})]), {
      api: new MemoryApi(),
      env: {},
      lock: never.lock,
      signal: interrupted.signal,
    });
    expect(never.writes[0] && names(never.writes[0])).toEqual(['never']);
    expect(names(never.lock.current()), 'never sent').toEqual([]);
  });

  it('sends nothing when the lock cannot say which creates go out', async () => {
    const api = new MemoryApi();
    const lock = createLockRecorder({ format_version: 1, salt: 's', monitors: [] }, async () => {
      throw new MonitorsError('FILE_WRITE_FAILED', 'cannot write monitors.lock.json (EROFS)');
    });
    await expect(executePlan(plan([change('create', 'a', null, {})]), { api, env: {}, lock })).rejects.toMatchObject({
      code: 'FILE_WRITE_FAILED',
      message:
        'cannot write monitors.lock.json (EROFS): the lock file could not record the creates about to be sent, so nothing was sent',
    });
    expect(api.requests).toEqual([]);
  });

  it('runs afterAnnounce with the entries on disk, before any create; a refusal there sends nothing', async () => {
    const api = new MemoryApi();
    const { lock, writes } = recorder();
    const seen: string[][] = [];
    await expect(
      executePlan(plan([change('create', 'a', null, {})]), {
        api,
        env: {},
        lock,
        afterAnnounce: async () => {
          seen.push(writes.map((w) => names(w)).flat());
          throw new MonitorsError('LOCK_PUSH_REFUSED', 'origin refused the push');
        },
      }),
    ).rejects.toMatchObject({ code: 'LOCK_PUSH_REFUSED' });
    expect(seen).toEqual([['a']]);
    expect(api.requests).toEqual([]);
  });
});

describe('the lock recorder: announce and settle', () => {
  it('announce resolves once a write carrying the entries landed, without the pause between writes', async () => {
    vi.useFakeTimers();
    try {
      const started: number[] = [];
      const lock = createLockRecorder({ format_version: 1, salt: 's', monitors: [] }, async (l) => {
        started.push(Date.now());
        await new Promise((r) => setTimeout(r, 100));
        void l;
      });
      const t0 = Date.now();
      lock.record({ id: 'a', name: 'a', fingerprint: 'f' }); // a write of 100 ms starts at once
      await vi.advanceTimersByTimeAsync(10);
      let announced = false;
      void lock.announce([{ name: 'b', key: 'mon1.create.x.g0', since: '2026-03-01T10:00:00.000Z' }]).then(() => {
        announced = true;
      });
      await vi.advanceTimersByTimeAsync(95); // the first write ended at 100: the next starts then, not at 300
      expect(started.map((t) => t - t0)).toEqual([0, 100]);
      expect(announced).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect(announced).toBe(true);
      expect(lock.current().pending_creates?.map((p) => p.name)).toEqual(['b']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the entries it started with, settles by key, and rejects an announce whose write failed', async () => {
    const entry = { name: 'old', key: 'mon1.create.old.g0', since: '2026-03-01T10:00:00.000Z' };
    let fail = false;
    const lock = createLockRecorder(
      { format_version: 1, salt: 's', monitors: [], pending_creates: [entry] },
      async () => {
        if (fail) throw new MonitorsError('FILE_WRITE_FAILED', 'disk full');
      },
    );
    expect(lock.current().pending_creates).toEqual([entry]);
    const next = { ...entry, name: 'new', key: 'mon1.create.new.g0' };
    await lock.announce([next]);
    expect(names(lock.current())).toEqual(['new', 'old']);
    lock.settle(['mon1.create.old.g0', 'not-there']);
    expect(names(lock.current())).toEqual(['new']);
    fail = true;
    await expect(lock.announce([{ ...entry, name: 'third', key: 'k3' }])).rejects.toMatchObject({
      code: 'FILE_WRITE_FAILED',
    });
  });
});
