// The built CLI against a server that is NOT our simulator: tests/helpers/spec-server.ts,
// written from the spec alone, with different (spec-valid) choices: a path prefix, opaque
// or offset cursors, pages capped below per_page, spec 2.2 fields only plus unknown
// extras, normalized URLs, random ids, a different 422 shape, idempotency records that
// never expire, 503s before or after the commit, and 429s. The tests in each describe run
// in order and build on each other, like a user's history with one workspace.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { startSpecServer, type SpecServer } from '../helpers/spec-server.js';

const TOKEN = 'tok_independent_SENTINEL_5a4b3c2d1e';
const READ_ONLY = 'tok_independent_readonly_77aa66bb';
const SECRET = 'kw-secret-SENTINEL-73c1';
const COUNT = 60; // more than two pages of the server's 25

const DEFAULTS = E2E_DEFAULTS;

interface Variant {
  keyword?: string;
  urlOf?: Record<string, string>;
  without?: string[];
  extra?: Record<string, string>;
}

const plainNames = (n: number) => Array.from({ length: n - 1 }, (_, k) => `svc-${String(k + 1).padStart(2, '0')}`);

/** `count` monitors: svc-01.. plus one keyword monitor whose secret comes from the environment. */
function yaml(count: number, v: Variant = {}): string {
  const items = plainNames(count)
    .filter((n) => !v.without?.includes(n))
    .map((n) => `  - name: ${n}\n    url: ${v.urlOf?.[n] ?? `https://shop.example.com/${n}`}\n${v.extra?.[n] ?? ''}`);
  const keyword = `  - name: shop-keyword
    type: keyword
    url: https://shop.example.com/cart
    keyword: ${v.keyword ?? 'Add to cart'}
    auth_type: bearer
    auth_secret: \${env:KW_SECRET}
`;
  return `${DEFAULTS}monitors:\n${items.join('')}${keyword}`;
}

let server: SpecServer;
let flowDir = '';
const dirs: string[] = [];
const outputs: CliResult[] = [];

function newDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `indep-${prefix}-`));
  dirs.push(dir);
  return dir;
}

async function cli(dir: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const result = await runCli(args, {
    cwd: dir,
    env: {
      MONITORS_API_URL: server.baseUrl,
      MONITORS_API_TOKEN: TOKEN,
      KW_SECRET: SECRET,
      MONITORS_RETRY_BASE_MS: '5',
      ...env,
    },
    timeoutMs: 20_000,
  });
  outputs.push(result);
  return result;
}

interface PlanJson {
  summary: { create: number; replace: number; delete: number; unchanged: number };
  changes: {
    action: string;
    name: string;
    id: string | null;
    reason: string;
    fields: { field: string }[];
    notes: string[];
  }[];
  unmanaged: { id: string; name: string }[];
}
async function planJson(dir: string): Promise<PlanJson> {
  const result = await cli(dir, ['plan', '.', '--format', 'json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as PlanJson;
}

async function expectNoChanges(dir: string, count: number): Promise<void> {
  const result = await cli(dir, ['plan', '.', '--detailed-exitcode']);
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(result.stdout).toContain(`No changes. ${count} monitors up to date.`);
}

const liveNames = () =>
  server
    .monitors()
    .map((m) => m.input.name as string)
    .sort();
const liveByName = (name: string) => server.monitors().find((m) => m.input.name === name);
const expectedNames = (count: number, without: string[] = []) =>
  [...plainNames(count), 'shop-keyword'].filter((n) => !without.includes(n)).sort();
/** Listing requests that followed a cursor: more than one page was read. */
const cursorReads = () =>
  server.requests().filter((r) => r.method === 'GET' && r.path === '/monitors' && r.query.includes('cursor=')).length;

function expectNoStackTrace(result: CliResult): void {
  expect(result.stderr).not.toMatch(/^ {4}at /m);
  expect(result.stdout).not.toMatch(/^ {4}at /m);
}

beforeAll(async () => {
  server = await startSpecServer({
    tokens: [
      { token: TOKEN, scopes: ['account:read', 'monitors:read', 'monitors:write', 'incidents:read'] },
      { token: READ_ONLY, scopes: ['account:read', 'monitors:read', 'incidents:read'] },
    ],
    pageCap: 25, // the CLI asks for 100 a page; this server never gives more than 25
  });
});
afterAll(async () => {
  await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the server itself (spec sections 4, 5, 7)', () => {
  const call = (method: string, path: string, init: { token?: string; key?: string; body?: unknown } = {}) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        ...(init.token !== '' ? { authorization: `Bearer ${init.token ?? TOKEN}` } : {}),
        ...(init.key ? { 'idempotency-key': init.key } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        accept: 'application/json',
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  const input = (name: string, more: Record<string, unknown> = {}) => ({
    name,
    type: 'http',
    url: 'https://Example.com',
    method: 'GET',
    interval_seconds: 300,
    timeout_seconds: 10,
    retry_count: 1,
    confirmation_attempts: 2,
    slow_threshold_ms: 2000,
    expected_status_min: 200,
    expected_status_max: 299,
    max_redirects: 3,
    auth_type: 'none',
    execution_mode: 'local',
    consensus_threshold: 1,
    ...more,
  });

  it('answers auth, keys, replays, conflicts, validation and deletes as the spec says', async () => {
    server.reset();
    expect((await call('GET', '/monitors', { token: '' })).status).toBe(401);
    const ro = await call('POST', '/monitors', { token: READ_ONLY, key: 'key-ro-0001', body: input('ro') });
    expect(ro.status).toBe(403);
    expect(await ro.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect((await call('POST', '/monitors', { body: input('nokey') })).status).toBe(400);
    expect((await call('POST', '/monitors', { key: 'short', body: input('badkey') })).status).toBe(400);

    const created = await call('POST', '/monitors', { key: 'key-create-0001', body: input('one') });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { data: Record<string, unknown> };
    expect(created.headers.get('location')).toBe(`${server.baseUrl}/monitors/${String(body.data.id)}`);
    expect(created.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    expect(body.data).toMatchObject({ name: 'one', url: 'https://example.com/', status: 'pending', region: 'eu-1' });
    expect(Object.keys(body.data)).not.toContain('retry_count'); // spec 2.2 fields only
    const replay = await call('POST', '/monitors', { key: 'key-create-0001', body: input('one') });
    expect([replay.status, await replay.json()]).toEqual([201, body]);
    const reused = await call('POST', '/monitors', { key: 'key-create-0001', body: input('two') });
    expect([reused.status, await reused.json()]).toEqual([
      409,
      { error: { code: 'conflict', message: 'Idempotency key already used with a different request' } },
    ]);

    const invalid = await call('POST', '/monitors', {
      key: 'key-create-0002',
      body: { ...input('xx'), interval_seconds: 240, extra: 1 },
    });
    expect(invalid.status).toBe(422);
    const details = ((await invalid.json()) as { error: { details: { field: string }[] } }).error.details.map(
      (d) => d.field,
    );
    expect(details).toEqual(['extra']); // type errors first; cross-field rules only on well-formed input

    const id = String(body.data.id);
    expect((await call('DELETE', `/monitors/${id}`, { key: 'key-delete-0001' })).status).toBe(204);
    expect((await call('DELETE', `/monitors/${id}`, { key: 'key-delete-0001' })).status).toBe(204); // replayed
    expect((await call('GET', `/monitors/${id}`)).status).toBe(404);
    expect((await call('GET', '/monitors?per_page=101')).status).toBe(400);
    expect(server.monitors()).toEqual([]);
  });
});

describe('a workspace managed against the independent server', () => {
  let dir: string;
  beforeAll(() => {
    server.reset();
    dir = flowDir = newDir('flow');
    writeFileSync(join(dir, 'monitors.yaml'), yaml(COUNT));
  });

  it('validates the YAML offline', async () => {
    const result = await cli(dir, ['validate', '.']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });

  it(`plans ${COUNT} creates, applies them exactly once, then plans no changes`, async () => {
    const plan = await planJson(dir);
    expect(plan.summary).toEqual({ create: COUNT, replace: 0, delete: 0, unchanged: 0 });

    server.clearRequests();
    const apply = await cli(dir, ['apply', '.', '--yes']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(liveNames()).toEqual(expectedNames(COUNT));
    const posts = server.requests().filter((r) => r.method === 'POST');
    expect(posts.filter((r) => r.status === 201 && r.note !== 'replay')).toHaveLength(COUNT);
    expect(liveByName('shop-keyword')!.input).toMatchObject({ keyword: 'Add to cart', auth_secret: SECRET });
    expect(cursorReads()).toBeGreaterThanOrEqual(2); // the verifying listing read 3 pages

    server.clearRequests();
    await expectNoChanges(dir, COUNT);
    expect(cursorReads()).toBeGreaterThanOrEqual(2);
  });

  it('replaces a monitor whose hidden field (keyword) changed, and converges', async () => {
    writeFileSync(join(dir, 'monitors.yaml'), yaml(COUNT, { keyword: 'Add to basket' }));
    const plan = await planJson(dir);
    expect(plan.summary).toMatchObject({ create: 0, replace: 1, delete: 0 });
    expect(plan.changes[0]).toMatchObject({ action: 'replace', name: 'shop-keyword', reason: 'changed_since_apply' });
    expect(plan.changes[0]!.fields.map((f) => f.field)).toContain('keyword');
    const apply = await cli(dir, ['apply', '.', '--yes']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(liveByName('shop-keyword')!.input.keyword).toBe('Add to basket');
    await expectNoChanges(dir, COUNT);
  });

  it('reverts the hidden field: the server really gets the old value again', async () => {
    // The body of this PUT equals the one sent when the monitor was created... and the
    // idempotency records of this server never expire.
    writeFileSync(join(dir, 'monitors.yaml'), yaml(COUNT, { keyword: 'Add to cart' }));
    const plan = await planJson(dir);
    expect(plan.changes.map((c) => [c.action, c.name, c.reason])).toEqual([
      ['replace', 'shop-keyword', 'changed_since_apply'],
    ]);
    const apply = await cli(dir, ['apply', '.', '--yes']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(liveByName('shop-keyword')!.input.keyword).toBe('Add to cart');
    // And once more forward: a change back to a body sent before must reach the server too.
    writeFileSync(join(dir, 'monitors.yaml'), yaml(COUNT, { keyword: 'Add to basket' }));
    expect((await cli(dir, ['apply', '.', '--yes'])).code).toBe(0);
    expect(liveByName('shop-keyword')!.input.keyword).toBe('Add to basket');
    writeFileSync(join(dir, 'monitors.yaml'), yaml(COUNT));
    expect((await cli(dir, ['apply', '.', '--yes'])).code).toBe(0);
    expect(liveByName('shop-keyword')!.input.keyword).toBe('Add to cart');
    await expectNoChanges(dir, COUNT);
  });

  it('replaces a monitor whose visible field (url) changed, and converges', async () => {
    // An upper-case host: the server stores it normalized, which is the same destination.
    const urlOf = { 'svc-07': 'https://Status.Example.com' };
    writeFileSync(join(dir, 'monitors.yaml'), yaml(COUNT, { urlOf }));
    // Incident status values are not in the spec ("ongoing" here): open means no resolved_at.
    server.addIncident(liveByName('svc-07')!.id, 'svc-07 is down');
    server.addIncident(liveByName('svc-08')!.id, 'svc-08 was down', true);
    const plan = await planJson(dir);
    expect(plan.changes.map((c) => [c.action, c.name, c.reason])).toEqual([
      ['replace', 'svc-07', 'changed_since_apply'],
    ]);
    expect(plan.changes[0]!.fields.map((f) => f.field)).toEqual(['url']);
    expect(plan.changes[0]!.notes).toContain('has an open incident');
    // --wait follows it through this server's own pending-after-a-write until it is up.
    const apply = await cli(dir, ['apply', '.', '--yes', '--wait', '30s']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(
      /^ {2}up {11}"svc-07" \([0-9A-Z]{26}\)\n {17}open incident since \S+ \(\S+\): svc-07 is down$/m,
    );
    expect(apply.stdout).toMatch(/^Wait complete: 1 up\. /m);
    expect(liveByName('svc-07')!.input.url).toBe('https://status.example.com/');
    await expectNoChanges(dir, COUNT);
  });

  it('deletes a monitor removed from the YAML', async () => {
    const urlOf = { 'svc-07': 'https://Status.Example.com' };
    const id = liveByName('svc-13')!.id;
    writeFileSync(join(dir, 'monitors.yaml'), yaml(COUNT, { urlOf, without: ['svc-13'] }));
    const plan = await planJson(dir);
    expect(plan.summary).toMatchObject({ create: 0, replace: 0, delete: 1 });
    expect(plan.changes[0]).toMatchObject({ action: 'delete', name: 'svc-13', id });
    const apply = await cli(dir, ['apply', '.', '--yes']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(liveNames()).toEqual(expectedNames(COUNT, ['svc-13']));
    expect(server.monitors().some((m) => m.id === id)).toBe(false);
    await expectNoChanges(dir, COUNT - 1);
  });

  it('lists a monitor made outside the tool as unmanaged and never deletes it', async () => {
    const id = server.insertMonitor({
      ...liveByName('svc-01')!.input,
      name: 'made-in-dashboard',
      url: 'https://dash.example.com/',
    });
    const plan = await planJson(dir);
    expect(plan.summary).toMatchObject({ create: 0, replace: 0, delete: 0 });
    expect(plan.unmanaged).toEqual([{ id, name: 'made-in-dashboard' }]);
    const text = await cli(dir, ['plan', '.']);
    expect(text.stdout).toContain(`made-in-dashboard (${id})`);
    const apply = await cli(dir, ['apply', '.', '--yes']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(liveByName('made-in-dashboard')?.id).toBe(id);
  });

  it('refuses to write with a read-only token (403), cleanly', async () => {
    writeFileSync(
      join(dir, 'monitors.yaml'),
      yaml(COUNT, {
        urlOf: { 'svc-07': 'https://Status.Example.com' },
        without: ['svc-13'],
        extra: { 'svc-02': '    timeout_seconds: 12\n' },
      }),
    );
    const apply = await cli(dir, ['apply', '.', '--yes'], { MONITORS_API_TOKEN: READ_ONLY });
    expect(apply.code).toBe(1);
    expect(apply.stdout + apply.stderr).toContain('API_FORBIDDEN');
    expectNoStackTrace(apply);
    expect(liveByName('svc-02')!.input.timeout_seconds).toBe(10);
  });
});

describe('a change the server refuses', () => {
  it('names interval_seconds when the server has not enabled the interval, applies the rest, exits 1', async () => {
    server.reset();
    const dir = newDir('interval');
    writeFileSync(join(dir, 'monitors.yaml'), yaml(3, { extra: { 'svc-02': '    interval_seconds: 240\n' } }));
    expect((await cli(dir, ['validate', '.'])).code).toBe(0); // the enabled intervals are not published
    const apply = await cli(dir, ['apply', '.', '--yes']);
    expect(apply.code).toBe(1);
    expect(apply.stdout + apply.stderr).toMatch(/svc-02.*interval_seconds/);
    expectNoStackTrace(apply);
    expect(liveNames()).toEqual(['shop-keyword', 'svc-01']);
    const lock = JSON.parse(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')) as { monitors: { name: string }[] };
    expect(lock.monitors.map((m) => m.name).sort()).toEqual(['shop-keyword', 'svc-01']);
  });
});

describe('faults', () => {
  it('applies through 30% of 503s (before and after the commit, offset cursors): every monitor exactly once', async () => {
    server.reset();
    server.options.cursorMode = 'offset64';
    server.options.faults = { rate503: 0.3, seed: 20240611, when: 'mixed' };
    const dir = newDir('faults');
    writeFileSync(join(dir, 'monitors.yaml'), yaml(COUNT));
    try {
      let last: CliResult | undefined;
      for (let run = 0; run < 3 && last?.code !== 0; run++) last = await cli(dir, ['apply', '.', '--yes']);
      expect(last!.code, last!.stdout + last!.stderr).toBe(0);
      expect(liveNames()).toEqual(expectedNames(COUNT));
      const notes = server.requests().map((r) => r.note);
      expect(notes).toContain('503-after'); // committed, answer lost ...
      expect(notes).toContain('replay'); // ... and the retry got the stored answer
      await expectNoChanges(dir, COUNT); // with the faults still on
    } finally {
      server.options.faults = undefined;
      server.options.cursorMode = 'token';
    }
  });

  it('waits out 429s (integer Retry-After) and still creates each monitor once', async () => {
    server.reset();
    // 6 per 2.5 s, a window that starts with its first request: the pacer knows nothing of
    // it, so once the first window is spent its probe lands inside it: a 429 for sure.
    server.options.rateLimit = { limit: 6, windowMs: 2500 };
    const dir = newDir('ratelimit');
    writeFileSync(join(dir, 'monitors.yaml'), yaml(6));
    try {
      const apply = await cli(dir, ['apply', '.', '--yes']);
      expect(apply.code, apply.stdout + apply.stderr).toBe(0);
      expect(liveNames()).toEqual(expectedNames(6));
      expect(server.requests().some((r) => r.status === 429)).toBe(true);
    } finally {
      server.options.rateLimit = undefined;
    }
  });
});

describe('a server with other spec-valid habits: gzip bodies, cursors read strictly, problem-details 422s', () => {
  it('applies and converges across pages whose cursors need encoding, and names the refused field', async () => {
    server.reset();
    Object.assign(server.options, { cursorMode: 'phrase', gzip: true, errorStyle: 'problem', pageCap: 7 });
    const dir = newDir('habits');
    try {
      writeFileSync(join(dir, 'monitors.yaml'), yaml(20));
      const apply = await cli(dir, ['apply', '.', '--yes']);
      expect(apply.code, apply.stdout + apply.stderr).toBe(0);
      expect(liveNames()).toEqual(expectedNames(20));
      expect(cursorReads()).toBeGreaterThanOrEqual(2);
      expect(server.requests().filter((r) => r.status === 400)).toEqual([]); // every cursor came back unchanged
      await expectNoChanges(dir, 20);

      writeFileSync(join(dir, 'monitors.yaml'), yaml(20, { extra: { 'svc-02': '    interval_seconds: 240\n' } }));
      const refused = await cli(dir, ['apply', '.', '--yes']);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain('svc-02');
      expect(refused.stdout).toContain('API_VALIDATION: the API rejected the monitor (422)');
      expect(refused.stdout).toMatch(/^ {4}monitors\.yaml:\d+:\d+: interval_seconds: 240 is not an enabled interval/m);
      expectNoStackTrace(refused);
    } finally {
      Object.assign(server.options, { cursorMode: 'token', gzip: false, errorStyle: 'api', pageCap: 25 });
    }
  });
});

describe('configuration mistakes', () => {
  it('a token with a pasted line break or a non-ASCII character: one clear line, exit 1, nothing sent', async () => {
    const dir = newDir('badtoken');
    writeFileSync(join(dir, 'monitors.yaml'), yaml(3));
    server.clearRequests();
    // Before the check, undici refused each such request and leaked a pool slot per refusal:
    // the retries hung and node exited 13 with no message at all.
    for (const token of [`${TOKEN}\nextra`, `${TOKEN}\u20ac`]) {
      for (const command of [
        ['plan', '.'],
        ['apply', '.', '--yes'],
      ]) {
        const result = await cli(dir, command, { MONITORS_API_TOKEN: token });
        expect(result.code, result.stderr).toBe(1);
        expect(result.stderr.split('\n')[0]).toMatch(
          /^error CONFIG_BAD_TOKEN: MONITORS_API_TOKEN contains .* \(character 36\)/,
        );
        expectNoStackTrace(result);
      }
    }
    expect(server.requests()).toEqual([]);
  });
});

describe('secrets', () => {
  it('never shows the token or the secret value in output, in a debug log or in the lock file', async () => {
    await cli(flowDir, ['plan', '.', '--debug']);
    expect(outputs.length).toBeGreaterThan(15);
    for (const o of outputs) {
      expect(o.stdout + o.stderr).not.toContain(TOKEN);
      expect(o.stdout + o.stderr).not.toContain(READ_ONLY);
      expect(o.stdout + o.stderr).not.toContain(SECRET);
    }
    for (const d of dirs) {
      for (const file of readdirSync(d)) {
        const text = readFileSync(join(d, file), 'utf8');
        expect(text, file).not.toContain(TOKEN);
        expect(text, file).not.toContain(SECRET);
      }
    }
  });
});
