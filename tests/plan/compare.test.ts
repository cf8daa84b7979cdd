// What counts as a difference between the YAML and a live monitor: only fields the server
// returns, in canonical form, with the leniency a faithful server may need.
import { describe, expect, it } from 'vitest';
import type { LiveMonitor } from '../../src/model/monitor.js';
import { urlSpellings, visibleDiffs } from '../../src/plan/compare.js';
import { normalizeInput } from '../../src/plan/normalize.js';
import { input } from './fixtures.js';

const live = (fields: Record<string, unknown>): LiveMonitor =>
  ({ id: '01HZ0000000000000000000001', status: 'up', created_at: 'x', updated_at: 'x', ...fields }) as LiveMonitor;
const body = (overrides: Record<string, unknown> = {}) => normalizeInput(input('alpha', overrides));

describe('visibleDiffs', () => {
  it('compares only the fields the live monitor carries (spec listing: no keyword, no retry_count)', () => {
    const { retry_count: _r, ...rest } = input('alpha');
    expect(visibleDiffs(body({ keyword: 'x', retry_count: 5 }), live(rest))).toEqual([]);
  });

  it('reports a changed field with canonical old and new values', () => {
    expect(visibleDiffs(body(), live(input('alpha', { timeout_seconds: 30 })))).toEqual([
      { field: 'timeout_seconds', old: 30, new: 10 },
    ]);
  });

  it('ignores unknown extra fields and never compares secrets', () => {
    expect(visibleDiffs(body({ auth_secret: 'a' }), live({ ...input('alpha'), auth_secret: 'b', shiny: 1 }))).toEqual(
      [],
    );
  });

  it.each([
    ['https://Alpha.example.com', 'https://alpha.example.com/'],
    ['HTTPS://alpha.example.com:443/', 'https://alpha.example.com/'],
    ['DB.example.com', 'db.example.com'],
  ])('the same destination written two ways is no difference: %s ~ %s', (server, yaml) => {
    expect(visibleDiffs(body({ url: yaml }), live(input('alpha', { url: server })))).toEqual([]);
  });

  it.each([
    ['https://alpha.example.com/a', 'https://alpha.example.com/b'],
    ['https://alpha.example.com/Path', 'https://alpha.example.com/path'],
    ['http://alpha.example.com/', 'https://alpha.example.com/'],
    ['db.example.com', 'db2.example.com'],
  ])('different destinations are a difference: %s vs %s', (server, yaml) => {
    expect(visibleDiffs(body({ url: yaml }), live(input('alpha', { url: server })))).toHaveLength(1);
  });

  it('an unset boolean reported as false, and an unset list reported as [], are no difference', () => {
    expect(visibleDiffs(body(), live({ ...input('alpha'), keyword_case_sensitive: false, locations: [] }))).toEqual([]);
  });

  it('"" or null for an unset or empty field, in either direction, is no difference', () => {
    expect(
      visibleDiffs(
        body(),
        live({ ...input('alpha'), body: '', group: '', keyword: '', auth_username: '', keyword_case_sensitive: null }),
      ),
    ).toEqual([]);
    expect(
      visibleDiffs(
        body({ json_expected: '', keyword_case_sensitive: false }),
        live({ ...input('alpha'), json_expected: null, keyword_case_sensitive: null }),
      ),
    ).toEqual([]);
  });

  it('a value against "" or null is still a difference', () => {
    expect(visibleDiffs(body({ group: 'shop' }), live({ ...input('alpha'), group: '' }))).toEqual([
      { field: 'group', old: '', new: 'shop' },
    ]);
    expect(
      visibleDiffs(body({ keyword_case_sensitive: true }), live({ ...input('alpha'), keyword_case_sensitive: null })),
    ).toEqual([{ field: 'keyword_case_sensitive', old: undefined, new: true }]);
  });

  it('header names differing only in case are no difference; a changed value or name is', () => {
    const wanted = body({ headers: 'X-Api-Version: 2\nAccept: text/html' });
    expect(visibleDiffs(wanted, live(input('alpha', { headers: 'x-api-version: 2\r\naccept: text/html' })))).toEqual(
      [],
    );
    expect(
      visibleDiffs(wanted, live(input('alpha', { headers: 'x-api-version: 3\r\naccept: text/html' }))),
    ).toHaveLength(1);
    expect(
      visibleDiffs(wanted, live(input('alpha', { headers: 'x-api-versions: 2\r\naccept: text/html' }))),
    ).toHaveLength(1);
  });

  it('tags in another order or spacing, and headers with CRLF, are no difference', () => {
    const wanted = body({ tags: 'b, a', headers: 'X-A: 1\nX-B: 2' });
    expect(visibleDiffs(wanted, live(input('alpha', { tags: 'a,b', headers: 'X-A: 1\r\nX-B: 2\r\n' })))).toEqual([]);
  });
});

describe('urlSpellings', () => {
  it('a bare origin with the "/" a server adds may have been sent without it', () => {
    expect(urlSpellings('https://shop.example.com/')).toEqual([
      'https://shop.example.com/',
      'https://shop.example.com',
    ]);
    expect(urlSpellings('http://shop.example.com:8080/')).toEqual([
      'http://shop.example.com:8080/',
      'http://shop.example.com:8080',
    ]);
  });

  it('a path, a query or a host name is taken as it is', () => {
    expect(urlSpellings('https://shop.example.com/a/')).toEqual(['https://shop.example.com/a/']);
    expect(urlSpellings('https://shop.example.com/?q=1')).toEqual(['https://shop.example.com/?q=1']);
    expect(urlSpellings('shop.example.com')).toEqual(['shop.example.com']);
  });
});
