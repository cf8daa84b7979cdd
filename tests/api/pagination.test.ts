import { afterEach, describe, expect, it } from 'vitest';
import { BASE_PATH, TOKEN, caught, json, liveMonitor, mockClient, type MockSetup } from './mock-api.js';

let setup: MockSetup;
afterEach(async () => {
  await setup.api.close();
  await setup.agent.close();
});

/** Serves `pages` in order for GET /monitors and records the query of every request. */
function servePages(pages: { data: unknown; meta?: unknown }[], listPath = '/monitors'): URLSearchParams[] {
  const queries: URLSearchParams[] = [];
  for (const page of pages) {
    setup.pool.intercept({ path: (p) => p.startsWith(`${BASE_PATH}${listPath}?`), method: 'GET' }).reply(
      200,
      (opts) => {
        queries.push(new URL(opts.path, 'http://x').searchParams);
        return page;
      },
      json,
    );
  }
  return queries;
}

describe('listMonitors', () => {
  it('follows meta.next_cursor unchanged until null, 100 per page', async () => {
    setup = mockClient();
    const odd = 'eyJ0IjoiMjAyNiJ9+/= ü&next=1';
    const queries = servePages([
      { data: [liveMonitor(1), liveMonitor(2)], meta: { next_cursor: 'c1', per_page: 100 } },
      { data: [liveMonitor(3)], meta: { next_cursor: odd, per_page: 100 } },
      { data: [liveMonitor(4)], meta: { next_cursor: null, per_page: 100 } },
    ]);
    const monitors = await setup.api.listMonitors();
    expect(monitors.map((m) => m.name)).toEqual(['monitor-1', 'monitor-2', 'monitor-3', 'monitor-4']);
    expect(queries.map((q) => q.get('cursor'))).toEqual([null, 'c1', odd]);
    expect(queries.every((q) => q.get('per_page') === '100')).toBe(true);
    setup.agent.assertNoPendingInterceptors();
  });

  it('hands each page to onPage, in order (an empty last page too)', async () => {
    setup = mockClient();
    servePages([
      { data: [liveMonitor(1), liveMonitor(2)], meta: { next_cursor: 'c1', per_page: 100 } },
      { data: [liveMonitor(3)], meta: { next_cursor: 'c2', per_page: 100 } },
      { data: [], meta: { next_cursor: null, per_page: 100 } },
    ]);
    const seen: string[][] = [];
    const monitors = await setup.api.listMonitors({ onPage: (page) => seen.push(page.map((m) => m.name)) });
    expect(seen).toEqual([['monitor-1', 'monitor-2'], ['monitor-3'], []]);
    expect(monitors.map((m) => m.name)).toEqual(['monitor-1', 'monitor-2', 'monitor-3']);
    setup.agent.assertNoPendingInterceptors();
  });

  it('percent-encodes the cursor (a space as %20, never "+"), so a server reading its query with decodeURIComponent gets it unchanged', async () => {
    setup = mockClient();
    const odd = 'a b+c/d=e&f%20g?h#i é😀';
    const raw: string[] = [];
    setup.pool
      .intercept({ path: (p) => p.startsWith(`${BASE_PATH}/monitors?`), method: 'GET' })
      .reply(200, { data: [liveMonitor(1)], meta: { next_cursor: odd, per_page: 100 } }, json);
    setup.pool.intercept({ path: (p) => p.startsWith(`${BASE_PATH}/monitors?`), method: 'GET' }).reply(
      200,
      (opts) => {
        raw.push(opts.path);
        return { data: [liveMonitor(2)], meta: { next_cursor: null, per_page: 100 } };
      },
      json,
    );
    expect(await setup.api.listMonitors()).toHaveLength(2);
    const value = /[?&]cursor=([^&]*)/.exec(raw[0]!)![1]!;
    expect(value).not.toContain('+');
    expect(decodeURIComponent(value)).toBe(odd); // a strict decoder
    expect(new URL(raw[0]!, 'http://x').searchParams.get('cursor')).toBe(odd); // a form decoder
  });

  it('an item repeated on a later page (offset cursors, a create in between) is listed once, as last seen', async () => {
    setup = mockClient();
    servePages([
      { data: [liveMonitor(1), liveMonitor(2)], meta: { next_cursor: 'offset=2', per_page: 2 } },
      {
        data: [liveMonitor(2, { url: 'https://changed.example.com/' }), liveMonitor(3)],
        meta: { next_cursor: null, per_page: 2 },
      },
    ]);
    const monitors = await setup.api.listMonitors();
    expect(monitors.map((m) => m.name)).toEqual(['monitor-1', 'monitor-2', 'monitor-3']);
    expect(monitors[1]!.url).toBe('https://changed.example.com/');
  });

  it('with keep, returns only the monitors it accepts, as last seen, and still tells a server that ignores the cursor', async () => {
    setup = mockClient();
    servePages([
      { data: [liveMonitor(1), liveMonitor(2)], meta: { next_cursor: 'offset=2', per_page: 2 } },
      {
        data: [liveMonitor(2, { url: 'https://changed.example.com/' }), liveMonitor(3)],
        meta: { next_cursor: null, per_page: 2 },
      },
    ]);
    const pages: number[] = [];
    const wanted = new Set(['monitor-2']);
    const kept = await setup.api.listMonitors({ keep: (m) => wanted.has(m.name), onPage: (p) => pages.push(p.length) });
    expect(kept.map((m) => [m.name, m.url])).toEqual([['monitor-2', 'https://changed.example.com/']]);
    expect(pages).toEqual([2, 2]); // onPage still sees every monitor
    // A copy it no longer accepts drops the earlier one (keep judges what the server says last).
    servePages([
      { data: [liveMonitor(1)], meta: { next_cursor: 'a', per_page: 1 } },
      { data: [liveMonitor(1, { url: 'https://gone.example.com/' })], meta: { next_cursor: null, per_page: 1 } },
    ]);
    expect(await setup.api.listMonitors({ keep: (m) => m.url === 'https://example.com/health' })).toEqual([]);
    // Repeats of monitors it does not keep still count as repeats.
    servePages(
      Array.from({ length: 4 }, (_, n) => ({
        data: [liveMonitor(1), liveMonitor(2)],
        meta: { next_cursor: `fresh-${n}`, per_page: 2 },
      })),
    );
    const error = await caught(() => setup.api.listMonitors({ keep: () => false }));
    expect(error.message).toMatch(/3 pages in a row brought only items already listed/);
  });

  it('keeps unknown extra fields and tolerates a missing per_page', async () => {
    setup = mockClient();
    servePages([{ data: [liveMonitor(1, { shiny_new_field: { nested: true } })], meta: { next_cursor: null } }]);
    const [monitor] = await setup.api.listMonitors();
    expect(monitor).toMatchObject({ name: 'monitor-1', shiny_new_field: { nested: true } });
  });

  it('accepts a monitor with only the fields spec 2.2 requires', async () => {
    setup = mockClient();
    const {
      last_check_at: _a,
      next_check_at: _b,
      ...minimal
    } = liveMonitor(1, { last_check_at: null, next_check_at: null });
    servePages([{ data: [minimal], meta: { next_cursor: null, per_page: 100 } }]);
    expect(await setup.api.listMonitors()).toHaveLength(1);
  });

  it('refuses a cursor that comes back a second time', async () => {
    setup = mockClient();
    servePages([
      { data: [liveMonitor(1)], meta: { next_cursor: 'a', per_page: 100 } },
      { data: [liveMonitor(2)], meta: { next_cursor: 'b', per_page: 100 } },
      { data: [liveMonitor(3)], meta: { next_cursor: 'a', per_page: 100 } },
    ]);
    const error = await caught(() => setup.api.listMonitors());
    expect(error.code).toBe('API_BAD_RESPONSE');
    expect(error.message).toMatch(/cursor "a" came back/);
  });

  it('refuses a server that ignores the cursor (same items, a new cursor each time) after 3 such pages, not 100,000', async () => {
    setup = mockClient();
    const queries = servePages(
      Array.from({ length: 4 }, (_, n) => ({
        data: [liveMonitor(1), liveMonitor(2)],
        meta: { next_cursor: `fresh-${n}`, per_page: 2 },
      })),
    );
    const error = await caught(() => setup.api.listMonitors());
    expect(error.code).toBe('API_BAD_RESPONSE');
    expect(error.message).toMatch(/3 pages in a row brought only items already listed.*ignore the cursor parameter/);
    expect(queries).toHaveLength(4);
  });

  it('a page repeating some items (offset cursors while others are created), or an empty page, is no sign of that', async () => {
    setup = mockClient();
    servePages([
      { data: [liveMonitor(1), liveMonitor(2)], meta: { next_cursor: 'a', per_page: 2 } },
      { data: [liveMonitor(2), liveMonitor(3)], meta: { next_cursor: 'b', per_page: 2 } },
      { data: [], meta: { next_cursor: 'c', per_page: 2 } },
      { data: [liveMonitor(3), liveMonitor(4)], meta: { next_cursor: 'd', per_page: 2 } },
      { data: [liveMonitor(4)], meta: { next_cursor: 'e', per_page: 2 } },
      { data: [liveMonitor(5)], meta: { next_cursor: null, per_page: 2 } },
    ]);
    expect((await setup.api.listMonitors()).map((m) => m.name)).toEqual([1, 2, 3, 4, 5].map((n) => `monitor-${n}`));
  });

  it('redacts the token when a bad page echoes it (an id, a cursor)', async () => {
    setup = mockClient();
    servePages([{ data: [{ id: `x-${TOKEN}`, name: null }], meta: { next_cursor: null } }]);
    const byId = await caught(() => setup.api.listMonitors());
    expect(byId.message).toContain('monitor x-[redacted] has no string "name"');
    servePages([
      { data: [liveMonitor(1)], meta: { next_cursor: `${TOKEN}-page`, per_page: 1 } },
      { data: [liveMonitor(2)], meta: { next_cursor: `${TOKEN}-page`, per_page: 1 } },
    ]);
    const byCursor = await caught(() => setup.api.listMonitors());
    expect(byCursor.message).toContain('the cursor "[redacted]-page" came back');
    expect(`${byId.message} ${byCursor.message}`).not.toContain(TOKEN);
  });

  it.each([
    ['no data', { items: [] }, /no "data"/],
    ['data not an array', { data: { id: 'x' }, meta: { next_cursor: null } }, /not an array/],
    ['a monitor without id', { data: [{ name: 'x' }], meta: { next_cursor: null } }, /no string "id"/],
    [
      'a monitor without name',
      { data: [{ id: 'abc', name: 7 }], meta: { next_cursor: null } },
      /abc has no string "name"/,
    ],
    ['a numeric cursor', { data: [], meta: { next_cursor: 5 } }, /next_cursor/],
    ['meta not an object', { data: [], meta: 'end' }, /"meta" is not an object/],
    ['no meta (more pages could be lost)', { data: [] }, /no "meta"/],
    ['no next_cursor', { data: [], meta: { per_page: 100 } }, /next_cursor" is missing/],
    ['a cursor no URL can carry', { data: [], meta: { next_cursor: 'abc\ud800' } }, /not valid Unicode/],
  ])('names what is wrong with a bad page: %s', async (_name, page, problem) => {
    setup = mockClient();
    servePages([page as { data: unknown }]);
    const error = await caught(() => setup.api.listMonitors());
    expect(error.code).toBe('API_BAD_RESPONSE');
    expect(error.message).toMatch(problem);
  });

  it('refuses a body that is not JSON', async () => {
    setup = mockClient();
    setup.pool
      .intercept({ path: (p) => p.startsWith(`${BASE_PATH}/monitors`), method: 'GET' })
      .reply(200, '<html>login</html>', { headers: { 'content-type': 'text/html' } });
    expect((await caught(() => setup.api.listMonitors())).code).toBe('API_BAD_RESPONSE');
  });
});

describe('listIncidents', () => {
  it('pages through incidents and checks monitor.id', async () => {
    setup = mockClient();
    const incident = (id: string) => ({
      id,
      monitor: { id: 'm1', name: null },
      status: 'open',
      severity: 'major',
      summary: 's',
      opened_at: '2026-01-01T00:00:00Z',
      resolved_at: null,
    });
    const queries = servePages(
      [
        { data: [incident('i1')], meta: { next_cursor: 'n', per_page: 100 } },
        { data: [incident('i2')], meta: { next_cursor: null, per_page: 100 } },
      ],
      '/incidents',
    );
    expect((await setup.api.listIncidents()).incidents.map((i) => i.id)).toEqual(['i1', 'i2']);
    expect(queries[1]?.get('cursor')).toBe('n');
  });

  it('stops at maxPages and says the list is incomplete', async () => {
    setup = mockClient();
    const incident = (id: string) => ({
      id,
      monitor: { id: 'm1', name: null },
      status: 'open',
      severity: 'major',
      summary: 's',
      opened_at: '2026-01-01T00:00:00Z',
    });
    const queries = servePages(
      [
        { data: [incident('i1')], meta: { next_cursor: 'n1', per_page: 100 } },
        { data: [incident('i2')], meta: { next_cursor: 'n2', per_page: 100 } },
      ],
      '/incidents',
    );
    expect(await setup.api.listIncidents({ maxPages: 2 })).toEqual({
      incidents: [expect.objectContaining({ id: 'i1' }), expect.objectContaining({ id: 'i2' })],
      complete: false,
    });
    expect(queries).toHaveLength(2);
  });

  it('refuses an incident without a monitor', async () => {
    setup = mockClient();
    servePages([{ data: [{ id: 'i1' }], meta: { next_cursor: null, per_page: 100 } }], '/incidents');
    expect((await caught(() => setup.api.listIncidents())).message).toMatch(/monitor\.id/);
  });
});
