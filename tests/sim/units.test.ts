import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from '../../src/sim/canonical-json.js';
import { simOptionsFromFlags } from '../../src/sim/cli-options.js';
import { decodeCursor, encodeCursor } from '../../src/sim/cursor.js';
import { ID_PATTERN, createIdGenerator } from '../../src/sim/ids.js';
import { parseTokensFile } from '../../src/sim/tokens-file.js';
import { TokenRegistry, fullScopeToken, tokenId } from '../../src/sim/tokens.js';

describe('simulator ids', () => {
  it('are 26 characters of the spec alphabet and strictly increasing, even within one millisecond', () => {
    let now = 1_800_000_000_000;
    const ids = createIdGenerator(() => now);
    const made: string[] = [];
    for (let i = 0; i < 2000; i++) {
      if (i % 500 === 0) now += 1;
      made.push(ids.next());
    }
    for (const id of made) expect(id).toMatch(ID_PATTERN);
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it('stay in the alphabet when the clock gives fractions of a millisecond', () => {
    let now = 1_800_000_000_000.25;
    const ids = createIdGenerator(() => (now += 0.3));
    const made = Array.from({ length: 20 }, () => ids.next());
    for (const id of made) expect(id).toMatch(ID_PATTERN);
    expect([...made].sort()).toEqual(made);
  });

  it('sort after ids observed from a state file, even when the clock went back', () => {
    const later = createIdGenerator(() => 1_900_000_000_000).next();
    const ids = createIdGenerator(() => 1_800_000_000_000);
    ids.observe(later);
    expect(ids.next() > later).toBe(true);
  });
});

describe('simulator cursors', () => {
  it('round-trip and reject anything else', () => {
    const id = createIdGenerator(Date.now).next();
    const cursor = encodeCursor('monitors', id);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor('monitors', cursor)).toBe(id);
    expect(decodeCursor('incidents', cursor)).toBeUndefined();
    expect(decodeCursor('monitors', Buffer.from(`\x01m${id.toLowerCase()}`).toString('base64url'))).toBeUndefined();
    expect(decodeCursor('monitors', `${cursor}=`)).toBeUndefined();
  });
});

describe('canonical request fingerprints', () => {
  it('ignore key order but not values, method or path', () => {
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
    const base = requestFingerprint('POST', '/monitors', { a: 1, b: 2 });
    expect(base).toEqual({ fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), secretTag: undefined });
    expect(requestFingerprint('POST', '/monitors', { b: 2, a: 1 })).toEqual(base);
    expect(requestFingerprint('POST', '/monitors', { a: 1, b: 3 }).fingerprint).not.toBe(base.fingerprint);
    expect(requestFingerprint('PUT', '/monitors', { a: 1, b: 2 }).fingerprint).not.toBe(base.fingerprint);
    expect(
      requestFingerprint('POST', '/monitors', JSON.parse('{"a": 1, "b": 2, "__proto__": {"a": 1}}')).fingerprint,
    ).not.toBe(base.fingerprint);
  });

  it('keep secrets out of the fingerprint (it is saved) and tell them apart by a tag held in memory', () => {
    const withSecret = (secret: unknown) => requestFingerprint('POST', '/monitors', { a: 1, auth_secret: secret });
    const one = withSecret('hunter2');
    const two = withSecret('correct horse');
    expect(one.fingerprint).toBe(two.fingerprint);
    expect(one.fingerprint).not.toBe(withSecret(null).fingerprint);
    expect(one.fingerprint).not.toBe(requestFingerprint('POST', '/monitors', { a: 1 }).fingerprint);
    expect(one.secretTag).toMatch(/^[0-9a-f]{64}$/);
    expect(withSecret('hunter2').secretTag).toBe(one.secretTag);
    expect(two.secretTag).not.toBe(one.secretTag);
    expect(withSecret(null).secretTag).toBeUndefined();
  });
});

describe('simulator tokens', () => {
  it('parse a tokens file and report problems without echoing tokens', () => {
    const [t] = parseTokensFile(
      JSON.stringify({
        tokens: [
          { token: 'abcdefgh-1', workspace: 'ws-a', scopes: ['monitors:read'], expires_at: '2030-01-01T00:00:00Z' },
        ],
      }),
      't.json',
    );
    expect(t).toEqual({
      token: 'abcdefgh-1',
      workspace: 'ws-a',
      scopes: ['monitors:read'],
      expiresAt: Date.parse('2030-01-01T00:00:00Z'),
      revoked: false,
      activeMember: true,
    });
    const bad = (tokens: unknown) => () => parseTokensFile(JSON.stringify({ tokens }), 't.json');
    expect(bad([{ token: 'secret-value-9', workspace: 'w', scopes: ['admin'] }])).toThrow(/tokens\[0\]\.scopes/);
    expect(bad([{ token: 'secret-value-9', workspace: 'w', scopes: ['admin'] }])).not.toThrow(/secret-value-9/);
    expect(bad([{ token: 'secret-value-9', workspace: 'w', scopes: [], expires_at: 'soon' }])).toThrow(/expires_at/);
    expect(bad([{ token: 'short', workspace: 'w', scopes: [] }])).toThrow(/token must be/);
    expect(() => parseTokensFile('[]', 't.json')).toThrow(/"tokens" array/);
    expect(
      parseTokensFile(
        `\uFEFF${JSON.stringify({ tokens: [{ token: 'abcdefgh-1', workspace: 'w', scopes: [] }] })}`,
        't.json',
      ),
    ).toHaveLength(1);
  });

  it('refuse a tokens file without tokens, or with one token value twice (ambiguous workspace or scopes)', () => {
    expect(() => parseTokensFile('{"tokens": []}', 't.json')).toThrow(
      expect.objectContaining({
        code: 'SIM_TOKENS_FILE_INVALID',
        message: expect.stringContaining('"tokens" array is empty'),
      }),
    );
    const twice = JSON.stringify({
      tokens: [
        { token: 'one-token-1', workspace: 'a', scopes: ['monitors:read'] },
        { token: 'other-token-2', workspace: 'a', scopes: [] },
        { token: 'one-token-1', workspace: 'b', scopes: ['monitors:write'] },
      ],
    });
    expect(() => parseTokensFile(twice, 't.json')).toThrow(/tokens\[2\] has the same token as tokens\[0\]/);
    expect(() => parseTokensFile(twice, 't.json')).not.toThrow(/one-token-1/);
    const file = JSON.stringify({ tokens: [{ token: 'one-token-1', workspace: 'a', scopes: [] }] });
    expect(() => simOptionsFromFlags({ token: 'one-token-1', tokensFile: 't.json' }, () => file)).toThrow(
      expect.objectContaining({
        code: 'SIM_BAD_OPTION',
        message: expect.stringContaining('--token has the same value as tokens[0]'),
      }),
    );
    expect(
      simOptionsFromFlags({ token: 'flag-token-1', tokensFile: 't.json' }, () => file).tokens?.map((t) => t.workspace),
    ).toEqual(['default', 'a']);
  });

  it('authenticate by value and identify a token only by a short digest', () => {
    const registry = new TokenRegistry([
      fullScopeToken('the-token-1'),
      { ...fullScopeToken('the-token-2'), workspace: 'b' },
    ]);
    const ok = registry.authenticate('Bearer the-token-2', Date.now());
    expect(ok).toMatchObject({ ok: true, tokenId: tokenId('the-token-2'), token: { workspace: 'b' } });
    expect(tokenId('the-token-2')).toMatch(/^[0-9a-f]{8}$/);
    expect(registry.authenticate('Bearer the-token-3', Date.now()).ok).toBe(false);
    expect(registry.authenticate('bearer the-token-1', Date.now()).ok).toBe(true);
  });
});

describe('monitors sim flags', () => {
  it('become simulator options', () => {
    const options = simOptionsFromFlags({
      port: '8080',
      token: 'flag-token-1',
      listing: 'full',
      intervals: '300, 120,300',
      rateLimit: '2.5',
      errorRate: '0.1',
      dropRate: '0',
      holdWrites: '500',
      latency: '5',
      jitter: '3',
      seed: '7',
      idempotencyTtl: '60',
      monitorLimit: '10',
    });
    expect(options).toMatchObject({
      port: 8080,
      listingMode: 'full',
      enabledIntervals: [120, 300],
      rateLimitRps: 2.5,
      seed: 7,
      idempotencyTtlSeconds: 60,
      monitorLimit: 10,
      faults: { errorRate: 0.1, dropRate: 0, holdWritesMs: 500, latencyMs: 5, jitterMs: 3 },
    });
    expect(options.tokens?.[0]?.workspace).toBe('default');
  });

  it("choose the token bucket's burst or a fixed window instead of the bucket", () => {
    expect(simOptionsFromFlags({ rateLimit: '10', rateBurst: '5' })).toMatchObject({
      rateLimitRps: 10,
      faults: { rateLimitBurst: 5 },
    });
    expect(simOptionsFromFlags({ rateWindow: '100/10' }).faults).toMatchObject({
      rateLimitWindow: { requests: 100, seconds: 10 },
    });
    expect(simOptionsFromFlags({ rateWindow: ' 5/0.5 ' }).faults).toMatchObject({
      rateLimitWindow: { requests: 5, seconds: 0.5 },
    });
  });

  it.each([
    [{ rateWindow: '100' }, '--rate-window must be REQUESTS/SECONDS'],
    [{ rateWindow: '0/10' }, '--rate-window must be REQUESTS/SECONDS'],
    [{ rateWindow: '10/0' }, '--rate-window must be REQUESTS/SECONDS'],
    [{ rateWindow: '10/10', rateLimit: '5' }, '--rate-window replaces the token bucket'],
    [{ rateWindow: '10/10', rateBurst: '5' }, '--rate-window replaces the token bucket'],
    [{ rateBurst: '0.5' }, '--rate-burst'],
  ])('refuse the rate limit flags %j saying why', (flags, message) => {
    expect(() => simOptionsFromFlags(flags)).toThrow(
      expect.objectContaining({ code: 'SIM_BAD_OPTION', message: expect.stringContaining(message) }),
    );
  });

  it.each([
    [{ port: '70000' }, '--port'],
    [{ token: 'short' }, '--token'],
    [{ rateLimit: '-1' }, '--rate-limit'],
    [{ dropRate: 'half' }, '--drop-rate'],
    [{ intervals: '' }, '--intervals'],
    [{ idempotencyTtl: '0' }, '--idempotency-ttl'],
  ])('refuse %j naming the flag', (flags, flag) => {
    expect(() => simOptionsFromFlags(flags)).toThrow(
      expect.objectContaining({ code: 'SIM_BAD_OPTION', message: expect.stringContaining(flag) }),
    );
  });
});
