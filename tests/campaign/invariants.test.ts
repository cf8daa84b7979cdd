// The campaign's checks catch what they are for: each is fed a state that breaks it once.
import { describe, expect, it } from 'vitest';
import type { ServerRequest, StoredMonitorView } from '../helpers/servers-under-test.js';
import {
  checkLock,
  checkRequests,
  checkRetryAfter,
  checkRun,
  checkServer,
  lockIdsOnce,
  secretsIn,
  type KeyLedger,
} from './invariants.js';
import type { Run } from './world.js';

const body = { name: 'svc-1', url: 'https://svc-1.example.com/', tags: 'a, b', locations: ['x', 'y'] };
const stored = (id: string, input: Record<string, unknown>, secretSet = false): StoredMonitorView => ({
  id,
  input,
  secretSet,
  createdAt: 't0',
  updatedAt: 't1',
});

describe('checkServer', () => {
  it('passes the YAML values held by one monitor, sets compared as sets', () => {
    const live = [stored('A', { ...body, tags: 'b,a', locations: ['y', 'x'] })];
    const check = checkServer(live, new Map([['svc-1', body]]), new Map());
    expect(check.findings).toEqual([]);
    expect(check.ids).toEqual(new Map([['svc-1', 'A']]));
  });

  it('finds a duplicate, a missing monitor, a stray, other values and a touched unmanaged monitor', () => {
    const unmanaged = stored('U', { name: 'manual-0' });
    const live = [
      stored('A', body),
      stored('B', body),
      stored('C', { ...body, name: 'svc-2', url: 'https://other.example.com/' }),
      stored('D', { name: 'left-over' }),
      { ...unmanaged, updatedAt: 't2' },
    ];
    const desired = new Map([
      ['svc-1', body],
      ['svc-2', { ...body, name: 'svc-2' }],
      ['svc-3', { ...body, name: 'svc-3' }],
    ]);
    const check = checkServer(live, desired, new Map([['U', JSON.stringify(unmanaged)]]));
    expect(check.findings.map((f) => f.check).sort()).toEqual(['duplicate', 'lost', 'stray', 'unmanaged', 'values']);
    expect(check).toMatchObject({ duplicates: 1, lost: 2 });
    expect(check.findings.find((f) => f.check === 'values')?.message).toContain(
      'url is "https://other.example.com/", the YAML says "https://svc-1.example.com/"',
    );
  });

  it('tells a secret set from none, and (spec server) a stale secret value', () => {
    const withSecret = { ...body, auth_type: 'bearer', auth_secret: 'now' };
    const missing = checkServer([stored('A', body)], new Map([['svc-1', { ...body, auth_secret: 'now' }]]), new Map());
    expect(missing.findings[0]?.message).toContain('no auth_secret is set');
    const stale = checkServer(
      [stored('A', { ...withSecret, auth_secret: 'before' }, true)],
      new Map([['svc-1', withSecret]]),
      new Map(),
    );
    expect(stale.findings[0]?.message).toContain('auth_secret is not the value the environment holds now');
  });
});

describe('checkLock and lockIdsOnce', () => {
  const ids = new Map([['svc-1', 'A']]);
  const lock = (monitors: { id: string; name: string }[]) => JSON.stringify({ monitors });

  it('wants one record per desired monitor under its live id; a record of an id gone is let be', () => {
    expect(
      checkLock(
        lock([
          { id: 'A', name: 'svc-1' },
          { id: 'Z', name: 'gone' },
        ]),
        ids,
        new Set(['A']),
      ),
    ).toEqual([]);
    expect(checkLock(lock([]), ids, new Set(['A']))[0]?.message).toContain('no record of "svc-1"');
    expect(checkLock(lock([{ id: 'B', name: 'svc-1' }]), ids, new Set(['A', 'B'])).map((f) => f.check)).toContain(
      'lock',
    );
  });

  it('never one id twice', () => {
    const twice = lock([
      { id: 'A', name: 'svc-1' },
      { id: 'A', name: 'svc-2' },
    ]);
    expect(lockIdsOnce(twice)[0]?.check).toBe('lock-id-twice');
    expect(checkLock(twice, ids, new Set(['A'])).map((f) => f.check)).toContain('lock-id-twice');
  });
});

describe('checkRequests', () => {
  const request = (over: Partial<ServerRequest>): ServerRequest => ({
    method: 'POST',
    path: '/monitors',
    key: 'k1',
    status: 201,
    replayed: false,
    early: false,
    lostAfterCommit: false,
    injected: false,
    rateLimited: false,
    digest: 'd1',
    committed: true,
    ...over,
  });

  it('one key, one method, path and body across the whole history', () => {
    const ledger: KeyLedger = new Map();
    expect(checkRequests([request({}), request({ replayed: true }), request({ digest: null })], ledger)).toEqual([]);
    expect(checkRequests([request({ digest: 'd2' })], ledger)[0]?.message).toContain('two different bodies');
    expect(checkRequests([request({ method: 'PUT', path: '/monitors/A' })], ledger)[0]?.check).toBe('key-reuse');
  });

  it('no process sends before a Retry-After it was given; an early first request of a fresh process is counted, not failed', () => {
    const list = request({ key: null, method: 'GET', path: '/monitors', status: 200 });
    const limited = { ...list, status: 429, rateLimited: true };
    const early = { ...list, early: true };
    // Its own 429 came first: a finding.
    const own = checkRetryAfter([{ requests: [limited, early] }]);
    expect(own.findings.map((f) => f.check)).toEqual(['retry-after']);
    // A run killed after its 429, then a re-run whose first request comes early: unknowable to it.
    const rerun = checkRetryAfter([
      { requests: [list, limited] },
      { requests: [{ ...early, status: 429, rateLimited: true }, early] },
    ]);
    expect(rerun).toEqual({ findings: [expect.objectContaining({ check: 'retry-after' })], unknowable: 1 });
    expect(checkRetryAfter([{ requests: [list, limited] }, { requests: [early, list] }])).toEqual({
      findings: [],
      unknowable: 1,
    });
  });
});

describe('checkRun and secretsIn', () => {
  const run = (over: Partial<Run>): Run => ({
    args: ['apply', 'monitors'],
    code: 0,
    signal: null,
    stdout: '',
    stderr: '',
    requests: [],
    ms: 1,
    ...over,
  });

  it('wants a documented exit with a stable code, no stack trace, no secret in any form', () => {
    const secrets = new Set(['sk-abc-123']);
    expect(checkRun(run({ code: 1, stderr: 'error API_SERVER_ERROR: boom' }), secrets)).toEqual([]);
    expect(checkRun(run({ code: 2 }), secrets)[0]?.check).toBe('exit');
    expect(checkRun(run({ code: 1, stderr: 'something failed' }), secrets)[0]?.check).toBe('exit');
    expect(checkRun(run({ stderr: 'TypeError: x\n    at f (/a/b.js:1:2)' }), secrets)[0]?.check).toBe('stack-trace');
    expect(checkRun(run({ signal: 'SIGKILL' }), secrets)[0]?.check).toBe('exit');
    expect(
      checkRun(
        run({
          signal: 'SIGKILL',
          interruption: { signal: 'SIGKILL', at: 'start', delayMs: 1, again: false, delivered: true },
        }),
        secrets,
      ),
    ).toEqual([]);
    expect(secretsIn({ out: `token ${Buffer.from('sk-abc-123').toString('base64')}` }, secrets)).toEqual(['out']);
    expect(secretsIn({ out: 'sk-abc-12' }, secrets)).toEqual([]);
  });
});
