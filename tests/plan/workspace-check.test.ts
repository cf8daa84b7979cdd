// Which workspace a lock belongs to (src/plan/workspace-check.ts): the account's id when
// both sides know it, else the URL, else how many records vanished from the listing.
import { describe, expect, it } from 'vitest';
import { checkWorkspace, workspaceChanged, workspaceToRecord } from '../../src/plan/workspace-check.js';
import type { LockRecord } from '../../src/lock/types.js';

const URL_A = 'https://a.example.com/api/v1';
const records = (n: number): LockRecord[] =>
  Array.from({ length: n }, (_, i) => ({ id: `ID${i}`, name: `m${i}`, fingerprint: 'fp' }));
const live = (ids: string[]) => ids.map((id) => ({ id, name: id }) as never);
const check = (over: Partial<Parameters<typeof checkWorkspace>[0]>) =>
  checkWorkspace({
    lock: { monitors: records(4) },
    seen: { apiUrl: URL_A },
    live: live(['ID0', 'ID1', 'ID2', 'ID3']),
    allowMissing: false,
    lockShown: 'monitors.lock.json',
    checkWhat: 'MONITORS_API_URL and MONITORS_API_TOKEN',
    ...over,
  })?.code;

describe('checkWorkspace', () => {
  it('compares account ids when both are known, and then ignores the URL and vanished records', () => {
    const lock = { workspace: { account_id: 'acc1', api_url: 'https://old.example.com/api/v1' }, monitors: records(4) };
    expect(check({ lock, seen: { accountId: 'acc1', apiUrl: URL_A }, live: [] })).toBeUndefined();
    expect(check({ lock, seen: { accountId: 'acc2', apiUrl: URL_A } })).toBe('LOCK_OTHER_WORKSPACE');
  });

  it('compares URLs when an id is missing on either side; --allow-missing does not pass another URL', () => {
    const lock = { workspace: { account_id: 'acc1', api_url: 'https://b.example.com/api/v1' }, monitors: records(4) };
    expect(check({ lock, allowMissing: true })).toBe('LOCK_OTHER_WORKSPACE');
    expect(check({ lock: { ...lock, workspace: { api_url: URL_A } } })).toBeUndefined();
  });

  it('without an id to compare, stops when every record or most of them vanished, unless allowed', () => {
    expect(check({ live: live(['ID0', 'ID1']) })).toBeUndefined(); // half: not most
    expect(check({ live: live(['ID0']) })).toBe('LOCK_WORKSPACE_MISSING');
    expect(check({ live: [] })).toBe('LOCK_WORKSPACE_MISSING');
    expect(check({ live: [], allowMissing: true })).toBeUndefined();
    expect(check({ lock: { monitors: records(2) }, live: live(['ID0']) })).toBeUndefined(); // 1 of 2
    expect(check({ lock: { monitors: records(1) }, live: [] })).toBe('LOCK_WORKSPACE_MISSING');
    expect(check({ lock: { monitors: [] }, live: [] })).toBeUndefined(); // a new lock
  });

  it('records the id seen, keeps a recorded one the token cannot read, and says when the record changes', () => {
    expect(workspaceToRecord(undefined, { apiUrl: URL_A })).toEqual({ api_url: URL_A });
    const kept = workspaceToRecord({ account_id: 'acc1', api_url: URL_A }, { apiUrl: URL_A });
    expect(kept).toEqual({ account_id: 'acc1', api_url: URL_A });
    expect(workspaceChanged({ account_id: 'acc1', api_url: URL_A }, kept)).toBe(false);
    expect(workspaceChanged(undefined, kept)).toBe(true);
    expect(workspaceChanged({ api_url: URL_A }, kept)).toBe(true);
  });
});
