import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { deleteMonitorOutOfBand, exampleMonitorInput, getSimState, setFaults } from '../helpers/sim-admin.js';
import { call, fakeClock, newKey, startSim } from './harness.js';

describe('simulator idempotency (spec section 4)', () => {
  let sim: SimServer;
  afterEach(() => sim.close());

  it('requires a valid Idempotency-Key on POST, PUT and DELETE (400) and changes nothing without one', async () => {
    sim = await startSim();
    const id = (await call(sim, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput('keyed') })).body.data
      .id;
    for (const [method, path] of [
      ['POST', '/monitors'],
      ['PUT', `/monitors/${id}`],
      ['DELETE', `/monitors/${id}`],
    ] as const) {
      const body = method === 'DELETE' ? undefined : exampleMonitorInput('other');
      expect((await call(sim, method, path, { body })).body.error.code).toBe('idempotency_key_missing');
      for (const bad of ['short', 'has space in it', 'x'.repeat(101), 'slash/not/ok']) {
        const res = await call(sim, method, path, { key: bad, body });
        expect([res.status, res.body.error.code]).toEqual([400, 'idempotency_key_invalid']);
      }
    }
    expect((await call(sim, 'GET', `/monitors/${id}`)).body.data.name).toBe('keyed');
    expect((await getSimState(sim.adminUrl)).workspaces.default?.monitors).toBe(1);
    expect(
      (
        await call(sim, 'POST', '/monitors', {
          key: 'Ab0_.:-x'.padEnd(100, 'z'),
          body: exampleMonitorInput('long-key'),
        })
      ).status,
    ).toBe(201);
  });

  it('replays the stored 201 (same body and Location) for the same request, whatever the key order', async () => {
    sim = await startSim();
    const key = newKey();
    const input = exampleMonitorInput('once');
    const first = await call(sim, 'POST', '/monitors', { key, body: input });
    const reordered = Object.fromEntries(Object.entries(input).reverse());
    const again = await call(sim, 'POST', '/monitors', { key, body: reordered });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await call(sim, 'GET', '/monitors')).body.data).toHaveLength(1);
  });

  it("logs each write's request digest: one per payload (key order aside), another secret another, the secret never readable", async () => {
    sim = await startSim();
    const secret = 'digest-secret-value-51c9';
    const input = exampleMonitorInput('digested', { auth_type: 'bearer', auth_secret: secret });
    await call(sim, 'POST', '/monitors', { key: newKey(), body: input });
    await call(sim, 'POST', '/monitors', { key: newKey(), body: Object.fromEntries(Object.entries(input).reverse()) });
    await call(sim, 'POST', '/monitors', { key: newKey(), body: { ...input, auth_secret: `${secret}-rotated` } });
    await call(sim, 'POST', '/monitors', { key: newKey(), body: { ...input, timeout_seconds: 11 } });
    await call(sim, 'GET', '/monitors');
    const digests = sim.requests().map((e) => e.requestDigest);
    expect(digests[0]).toMatch(/^[0-9a-f]{64}\.[0-9a-f]{64}$/);
    expect(digests[1]).toBe(digests[0]);
    expect(digests[2]).not.toBe(digests[0]);
    expect(digests[2]!.split('.')[0]).toBe(digests[0]!.split('.')[0]); // only the secret differs
    expect(digests[3]!.split('.')[0]).not.toBe(digests[0]!.split('.')[0]);
    expect(digests[4]).toBeNull();
    expect(JSON.stringify(sim.requests())).not.toContain(secret);
  });

  it('replays PUT and DELETE too: a retried DELETE gets its 204, not a 404', async () => {
    sim = await startSim();
    const id = (await call(sim, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput('mm') })).body.data.id;
    const putKey = newKey();
    const put = await call(sim, 'PUT', `/monitors/${id}`, { key: putKey, body: exampleMonitorInput('mm2') });
    expect((await call(sim, 'PUT', `/monitors/${id}`, { key: putKey, body: exampleMonitorInput('mm2') })).text).toBe(
      put.text,
    );
    const delKey = newKey();
    expect((await call(sim, 'DELETE', `/monitors/${id}`, { key: delKey })).status).toBe(204);
    const retried = await call(sim, 'DELETE', `/monitors/${id}`, { key: delKey });
    expect([retried.status, retried.text, retried.headers.get('idempotent-replayed')]).toEqual([204, '', 'true']);
  });

  it('binds a key to the secret too while running, but never writes anything derived from the secret to the state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-secret-'));
    try {
      const saved: string[] = [];
      for (const secret of ['first-secret-1', 'other-secret-2']) {
        const stateFile = join(dir, `${secret}.json`);
        sim = await startSim({ stateFile });
        const body = exampleMonitorInput('secret', { auth_type: 'bearer', auth_secret: secret });
        expect((await call(sim, 'POST', '/monitors', { key: 'secret-key-1', body })).status).toBe(201);
        const rotated = await call(sim, 'POST', '/monitors', {
          key: 'secret-key-1',
          body: { ...body, auth_secret: `${secret}-rotated` },
        });
        expect([rotated.status, rotated.body.error.code]).toEqual([409, 'idempotency_key_reused']);
        await sim.close();
        saved.push(JSON.parse(readFileSync(stateFile, 'utf8')).idempotency[0].fingerprint);
        sim = await startSim({ stateFile });
        expect(
          (await call(sim, 'POST', '/monitors', { key: 'secret-key-1', body })).headers.get('idempotent-replayed'),
        ).toBe('true');
        await sim.close();
      }
      expect(saved[0]).toBe(saved[1]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 409 idempotency_key_reused for another body, path or method, and makes no change', async () => {
    sim = await startSim();
    const key = newKey();
    const created = (await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('first') })).body.data;
    const otherBody = await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('second') });
    expect([otherBody.status, otherBody.body.error.code]).toEqual([409, 'idempotency_key_reused']);
    const otherPath = await call(sim, 'PUT', `/monitors/${created.id}`, { key, body: exampleMonitorInput('first') });
    expect(otherPath.body.error.code).toBe('idempotency_key_reused');
    expect((await call(sim, 'DELETE', `/monitors/${created.id}`, { key })).status).toBe(409);
    const list = (await call(sim, 'GET', '/monitors')).body.data;
    expect(list.map((m: { name: string }) => m.name)).toEqual(['first']);
  });

  it('answers 409 idempotency_request_in_progress while the first request is held, then replays its result', async () => {
    sim = await startSim({ faults: { holdWritesMs: 300 } });
    const key = newKey();
    const input = exampleMonitorInput('slow');
    const first = call(sim, 'POST', '/monitors', { key, body: input });
    await new Promise((r) => setTimeout(r, 50));
    const during = await call(sim, 'POST', '/monitors', { key, body: input });
    expect([during.status, during.body.error.code]).toEqual([409, 'idempotency_request_in_progress']);
    const otherPayload = await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('different') });
    expect(otherPayload.body.error.code).toBe('idempotency_key_reused');
    const done = await first;
    expect(done.status).toBe(201);
    await setFaults(sim.adminUrl, { holdWritesMs: 0 });
    const after = await call(sim, 'POST', '/monitors', { key, body: input });
    expect([after.status, after.text]).toEqual([201, done.text]);
    expect((await call(sim, 'GET', '/monitors')).body.data).toHaveLength(1);
  });

  it('still replays a 201 whose monitor was deleted out of band (the client must verify)', async () => {
    sim = await startSim();
    const key = newKey();
    const first = await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('vanishing') });
    await deleteMonitorOutOfBand(sim.adminUrl, first.body.data.id);
    const replay = await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('vanishing') });
    expect([replay.status, replay.text]).toEqual([201, first.text]);
    expect((await call(sim, 'GET', `/monitors/${first.body.data.id}`)).status).toBe(404);
  });

  it('does not store refusals: a corrected body may be sent again with the same key', async () => {
    sim = await startSim();
    const key = newKey();
    expect(
      (await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('bad', { timeout_seconds: 0 }) })).status,
    ).toBe(422);
    expect((await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('good') })).status).toBe(201);
  });

  it('scopes keys by workspace and forgets them after the retention time', async () => {
    const clock = fakeClock();
    sim = await startSim({ now: clock.now, idempotencyTtlSeconds: 60 }, [
      { ...fullScopeToken('other-ws-token'), workspace: 'other' },
    ]);
    const key = newKey();
    expect((await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('aa') })).status).toBe(201);
    expect(
      (await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('bb'), token: 'other-ws-token' })).status,
    ).toBe(201);
    clock.advance(59_000);
    expect((await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('cc') })).status).toBe(409);
    clock.advance(1_000);
    const fresh = await call(sim, 'POST', '/monitors', { key, body: exampleMonitorInput('cc') });
    expect([fresh.status, fresh.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect((await call(sim, 'GET', '/monitors')).body.data.map((m: { name: string }) => m.name)).toEqual(['aa', 'cc']);
  });
});
