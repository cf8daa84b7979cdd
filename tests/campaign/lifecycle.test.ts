// The campaign's lifecycle checks (--target, --replace, removed:) catch what they are for:
// each is fed a state that breaks it, and one that keeps it.
import { describe, expect, it } from 'vitest';
import type { ServerRequest, StoredMonitorView } from '../helpers/servers-under-test.js';
import { checkLock, checkServer } from './invariants.js';
import { checkForced, checkTargeted, matcher } from './lifecycle.js';
import type { RepoModel } from './model.js';

const stored = (id: string, name: string, timeout = 5): StoredMonitorView => ({
  id,
  input: { name, timeout_seconds: timeout },
  secretSet: false,
  createdAt: 't0',
  updatedAt: 't1',
});
const write = (method: string, path: string, committed = true): ServerRequest => ({
  method,
  path,
  key: `k-${method}-${path}`,
  status: 200,
  replayed: !committed,
  early: false,
  lostAfterCommit: false,
  injected: false,
  rateLimited: false,
  digest: 'd',
  committed,
});
const lock = (records: { id: string; name: string; fingerprint: string }[]) =>
  JSON.stringify({ format_version: 1, salt: 's', monitors: records });
const repo = (moved: { from: string; to: string }[] = []): RepoModel => ({
  entries: [],
  moved,
  removed: [],
  template: { domain: 'd', interval: 300, regions: [], tags: 't' },
  secrets: {},
});

describe('matcher', () => {
  it('matches whole names, * any text and ? one character, a name always itself', () => {
    expect(matcher('svc-1*')('svc-10')).toBe(true);
    expect(matcher('svc-?')('svc-10')).toBe(false);
    expect(matcher('svc-?')('svc-1')).toBe(true);
    expect(matcher('tpl *')('tpl eu')).toBe(true);
    expect(matcher('svc-1')('svc-10')).toBe(false);
    expect(matcher('a.b')('axb')).toBe(false);
  });
});

describe('checkTargeted', () => {
  const before = {
    lock: lock([
      { id: 'A', name: 'svc-1', fingerprint: 'f1' },
      { id: 'B', name: 'svc-2', fingerprint: 'f2' },
    ]),
    live: [stored('A', 'svc-1'), stored('B', 'svc-2')],
  };
  const options = { targets: ['svc-1'], replace: [] };

  it('passes a partial apply that wrote and recorded only its targets', () => {
    const after = {
      lock: lock([
        { id: 'A', name: 'svc-1', fingerprint: 'f1b' },
        { id: 'B', name: 'svc-2', fingerprint: 'f2' },
      ]),
      live: [stored('A', 'svc-1', 9), stored('B', 'svc-2')],
    };
    expect(checkTargeted(options, repo(), before, after, [write('PUT', '/monitors/A')])).toEqual([]);
  });

  it('finds a write, a create and a lock record of a monitor not targeted', () => {
    const after = {
      lock: lock([
        { id: 'A', name: 'svc-1', fingerprint: 'f1' },
        { id: 'B', name: 'svc-2', fingerprint: 'f2b' },
        { id: 'C', name: 'svc-3', fingerprint: 'f3' },
      ]),
      live: [stored('A', 'svc-1'), stored('B', 'svc-2', 9), stored('C', 'svc-3')],
    };
    const findings = checkTargeted(options, repo(), before, after, [write('PUT', '/monitors/B')]);
    expect(findings.map((f) => f.message)).toEqual([
      'the apply with --target "svc-1" sent PUT /monitors/B, a monitor it does not target ("svc-2")',
      'the apply with --target "svc-1" created "svc-3" (C), which it does not target',
      'the apply with --target "svc-1" changed the lock record of "svc-2" (B), which it does not target: was {"id":"B","name":"svc-2","fingerprint":"f2"}, is {"id":"B","name":"svc-2","fingerprint":"f2b"}',
      'the apply with --target "svc-1" added a lock record for "svc-3" (C), which it does not target',
    ]);
  });

  it('takes either name of a rename as targeting it', () => {
    const after = {
      lock: lock([
        { id: 'A', name: 'svc-1', fingerprint: 'f1' },
        { id: 'B', name: 'svc-9', fingerprint: 'f2' },
      ]),
      live: [stored('A', 'svc-1'), stored('B', 'svc-9')],
    };
    const renamed = repo([{ from: 'svc-2', to: 'svc-9' }]);
    expect(
      checkTargeted({ targets: ['svc-9'], replace: [] }, renamed, before, after, [write('PUT', '/monitors/B')]),
    ).toEqual([]);
  });
});

describe('checkForced', () => {
  const options = { targets: [], replace: ['svc-1'] };
  it('passes a forced monitor written again, and finds one answered only from a stored response', () => {
    const ids = new Map([['svc-1', 'A']]);
    expect(checkForced(options, ids, [write('PUT', '/monitors/A', false), write('PUT', '/monitors/A')])).toEqual([]);
    const [finding] = checkForced(options, ids, [write('PUT', '/monitors/A', false)]);
    expect(finding?.message).toBe(
      '--replace "svc-1" exited 0 but A was not written again (1 PUT(s), each answered from a stored response); --replace "svc-1"',
    );
    expect(checkForced(options, ids, [])[0]?.message).toContain('no PUT was sent');
  });
});

describe('a forgotten monitor', () => {
  it('is found when still in the lock file, or when changed on the server', () => {
    const forgotten = new Map([['A', 'svc-1']]);
    const findings = checkLock(
      lock([{ id: 'A', name: 'svc-1', fingerprint: 'f' }]),
      new Map(),
      new Set(['A']),
      forgotten,
    );
    expect(findings.map((f) => f.message)).toEqual([
      'the lock file still records "svc-1" (A), forgotten with removed: "svc-1": the apply should have dropped its record',
    ]);
    const before = JSON.stringify(stored('A', 'svc-1'));
    const changed = checkServer([stored('A', 'svc-1', 9)], new Map(), new Map([['A', before]]), forgotten);
    expect(changed.findings.map((f) => f.check)).toEqual(['unmanaged']);
    expect(changed.findings[0]?.message).toContain(
      '"svc-1" (A) was forgotten with a removed: entry, yet it was changed',
    );
    const deleted = checkServer([], new Map(), new Map([['A', before]]), forgotten);
    expect(deleted.findings[0]?.message).toContain('yet it was deleted');
    expect(checkServer([stored('A', 'svc-1')], new Map(), new Map([['A', before]]), forgotten).findings).toEqual([]);
  });
});
