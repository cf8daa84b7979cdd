import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../src/sim/cursor.js';
import type { SimServer } from '../../src/sim/server.js';
import { SortedIds } from '../../src/sim/sorted-ids.js';
import { exampleMonitorInput, openIncident, seedMonitors } from '../helpers/sim-admin.js';
import { call, newKey, startSim } from './harness.js';

async function listAll(sim: SimServer, perPage: number, between?: (page: number) => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const query: string = `per_page=${perPage}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await call(sim, 'GET', `/monitors?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.per_page).toBe(perPage);
    expect(res.body.data.length).toBeLessThanOrEqual(perPage);
    seen.push(...res.body.data.map((m: { id: string }) => m.id));
    cursor = res.body.meta.next_cursor;
    if (cursor === null) return seen;
    await between?.(page);
  }
  throw new Error('pagination did not end');
}

describe('simulator pagination (spec section 4)', () => {
  let sim: SimServer;
  let ids: string[];
  beforeAll(async () => {
    sim = await startSim();
    ids = await seedMonitors(
      sim.adminUrl,
      Array.from({ length: 60 }, (_, i) => exampleMonitorInput(`page-${String(i).padStart(2, '0')}`)),
    );
  });
  afterAll(() => sim.close());

  it('defaults to 25 per page, lists in id (= creation) order, and ends with next_cursor null', async () => {
    const first = await call(sim, 'GET', '/monitors');
    expect(first.body.data).toHaveLength(25);
    expect(first.body.meta.per_page).toBe(25);
    expect(typeof first.body.meta.next_cursor).toBe('string');
    expect(await listAll(sim, 25)).toEqual(ids);
    expect([...ids].sort()).toEqual(ids);
    const exact = await call(sim, 'GET', '/monitors?per_page=60');
    expect(exact.body.meta.next_cursor).toBeNull();
  });

  it.each(['0', '101', '-1', '2.5', 'ten', ''])('refuses per_page=%s with 400 invalid_parameter', async (value) => {
    const res = await call(sim, 'GET', `/monitors?per_page=${value}`);
    expect([res.status, res.body.error.code]).toEqual([400, 'invalid_parameter']);
    expect((await call(sim, 'GET', `/incidents?per_page=${value}`)).status).toBe(400);
  });

  it('refuses cursors it did not issue (400 invalid_cursor), including a cursor of the other list', async () => {
    const incidentCursor = encodeCursor('incidents', ids[0]!);
    for (const cursor of ['garbage', 'AQ', incidentCursor, `${encodeCursor('monitors', ids[0]!)}x`, 'a'.repeat(200)]) {
      const res = await call(sim, 'GET', `/monitors?cursor=${encodeURIComponent(cursor)}`);
      expect([res.status, res.body.error.code]).toEqual([400, 'invalid_cursor']);
    }
    expect(
      (await call(sim, 'GET', `/incidents?cursor=${encodeURIComponent(encodeCursor('monitors', ids[0]!))}`)).status,
    ).toBe(400);
  });

  it('never skips or repeats a monitor that existed throughout while others are created and deleted between pages', async () => {
    const before = (await listAll(sim, 100)).slice();
    const deleted = new Set<string>();
    const seen = await listAll(sim, 7, async (page) => {
      // Delete one already seen and one not yet seen, create two: all between pages.
      for (const victim of [before[page * 7], before[page * 7 + 10]]) {
        if (victim && !deleted.has(victim)) {
          deleted.add(victim);
          expect((await call(sim, 'DELETE', `/monitors/${victim}`, { key: newKey() })).status).toBe(204);
        }
      }
      for (let i = 0; i < 2; i++)
        await call(sim, 'POST', '/monitors', { key: newKey(), body: exampleMonitorInput(`new-${page}-${i}`) });
    });
    expect(new Set(seen).size).toBe(seen.length);
    const throughout = before.filter((id) => !deleted.has(id));
    for (const id of throughout) expect(seen).toContain(id);
  });

  it('paginates incidents with the same rules', async () => {
    const live = (await call(sim, 'GET', '/monitors?per_page=3')).body.data.map((m: { id: string }) => m.id);
    for (const id of live) await openIncident(sim.adminUrl, id);
    const first = await call(sim, 'GET', '/incidents?per_page=2');
    expect(first.body.data).toHaveLength(2);
    const second = await call(sim, 'GET', `/incidents?per_page=2&cursor=${first.body.meta.next_cursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.meta.next_cursor).toBeNull();
  });
});

describe('SortedIds pages (model check)', () => {
  it('pages like a sorted set, whatever is inserted and removed between pages', () => {
    const id = fc.integer({ min: 0, max: 300 }).map((n) => String(n).padStart(4, '0'));
    const op = fc.oneof(fc.record({ add: id }), fc.record({ remove: id }));
    fc.assert(
      fc.property(
        fc.uniqueArray(id, { maxLength: 60 }),
        fc.array(fc.array(op, { maxLength: 4 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 9 }),
        (initial, changes, size) => {
          const index = new SortedIds();
          const model = new Set(initial);
          initial.forEach((i) => index.insert(i));
          const removed = new Set<string>();
          const seen: string[] = [];
          let after: string | undefined;
          for (let step = 0; step < 200; step++) {
            const page = index.page(after, size);
            const expected = [...model].sort().filter((i) => after === undefined || i > after);
            expect(page.ids).toEqual(expected.slice(0, size));
            expect(page.more).toBe(expected.length > size);
            seen.push(...page.ids);
            if (!page.more) break;
            after = page.ids[page.ids.length - 1];
            for (const change of changes[step] ?? []) {
              if ('add' in change) {
                index.insert(change.add);
                model.add(change.add);
              } else {
                index.remove(change.remove);
                model.delete(change.remove);
                removed.add(change.remove);
              }
            }
          }
          expect(new Set(seen).size).toBe(seen.length);
          for (const i of initial) if (!removed.has(i)) expect(seen).toContain(i);
        },
      ),
      { numRuns: 200 },
    );
  });
});
