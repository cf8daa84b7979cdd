// The lock file's creates in flight: their text (only while there are some), strict
// parsing, what a settled plan makes of them, and the lock-branch merge.
import { describe, expect, it } from 'vitest';
import { parseLock, serializeLock, withoutRecords } from '../../src/lock/lock-file.js';
import { mergeLocks } from '../../src/lock/merge-locks.js';
import { settlePending, withPending } from '../../src/lock/pending-creates.js';
import type { LockFile, PendingCreate } from '../../src/lock/types.js';

const A = '01HZ0000000000000000000001';
const B = '01HZ0000000000000000000002';
const SINCE = '2026-03-01T10:00:00.000Z';
const entry = (name: string, key = `mon1.create.${name}.g0`): PendingCreate => ({ name, key, since: SINCE });
const lock = (pending?: PendingCreate[]): LockFile => ({
  format_version: 1,
  salt: 'salt-0123456789abcdef',
  monitors: [{ id: A, name: 'alpha', fingerprint: 'sha256:a' }],
  ...(pending ? { pending_creates: pending } : {}),
});

describe('creates in flight in the lock file', () => {
  it('are written between the salt and the records, sorted by name then key, keys sorted; absent when none', () => {
    const text = serializeLock(lock([entry('svc-9'), entry('svc-4', 'k2'), entry('svc-4', 'k1')]));
    expect(text).toBe(`{
  "format_version": 1,
  "salt": "salt-0123456789abcdef",
  "pending_creates": [
    {
      "key": "k1",
      "name": "svc-4",
      "since": "${SINCE}"
    },
    {
      "key": "k2",
      "name": "svc-4",
      "since": "${SINCE}"
    },
    {
      "key": "mon1.create.svc-9.g0",
      "name": "svc-9",
      "since": "${SINCE}"
    }
  ],
  "monitors": [
    {
      "fingerprint": "sha256:a",
      "id": "${A}",
      "name": "alpha"
    }
  ]
}
`);
    expect(serializeLock(lock([]))).toBe(serializeLock(lock()));
    expect(serializeLock(lock())).not.toContain('pending_creates');
  });

  it('round-trip through parseLock; a lock without them reads as before, with no key', () => {
    const listed = { url: 'https://svc-4.example.com/', type: 'http', timeout_seconds: 10 };
    const withEntries = lock([entry('svc-4'), { ...entry('svc-5'), listed }]);
    expect(serializeLock(withEntries)).toContain(
      '"listed": {\n        "timeout_seconds": 10,\n        "type": "http",\n        "url": "https://svc-4.example.com/"\n      },',
    );
    expect(parseLock(serializeLock(withEntries), 'x')).toEqual(withEntries);
    expect(parseLock(serializeLock(lock()), 'x')).toEqual(lock());
    expect(parseLock(serializeLock(lock()), 'x')).not.toHaveProperty('pending_creates');
    expect(withoutRecords(withEntries, [A])).toEqual({ ...withEntries, monitors: [] });
  });

  it('a broken entry is LOCK_INVALID, naming it', () => {
    const good = JSON.parse(serializeLock(lock([entry('svc-4')]))) as Record<string, unknown>;
    const variant = (pending: unknown) => JSON.stringify({ ...good, pending_creates: pending });
    const invalid = (text: string) => {
      try {
        parseLock(text, 'monitors.lock.json');
      } catch (error) {
        return error as { code: string; message: string };
      }
      throw new Error('parsed');
    };
    expect(invalid(variant({ name: 'x' }))).toMatchObject({
      code: 'LOCK_INVALID',
      message: 'the lock file monitors.lock.json is not valid: "pending_creates" is not a list',
    });
    expect(invalid(variant([{ name: 'svc-4', key: 'k' }])).message).toContain(
      'pending create 1 needs string "name", "key" and "since"',
    );
    expect(invalid(variant([{ ...entry('svc-4'), listed: 'http' }])).message).toContain(
      'pending create "svc-4" has a "listed" that is not an object',
    );
    expect(invalid(variant([{ ...entry('svc-4'), since: 'yesterday' }])).message).toContain(
      'pending create "svc-4" has a "since" that is not a time',
    );
  });

  it('settlePending drops the settled entries and records each monitor taken as a create, without a fingerprint', () => {
    const start = lock([entry('svc-4'), entry('svc-5'), entry('svc-6')]);
    const settled = settlePending(start, [
      { key: 'mon1.create.svc-4.g0', name: 'svc-4', id: B },
      { key: 'mon1.create.svc-5.g0', name: 'svc-5', id: null },
      { key: 'mon1.create.other.g0', name: 'other', id: A }, // its monitor is recorded already
    ]);
    expect(settled.monitors).toEqual([
      { id: A, name: 'alpha', fingerprint: 'sha256:a' },
      { id: B, name: 'svc-4', fingerprint: null },
    ]);
    expect(settled.pending_creates).toEqual([entry('svc-6')]);
    expect(settlePending(lock([entry('svc-4')]), [{ key: 'mon1.create.svc-4.g0', name: 'svc-4', id: null }])).toEqual(
      lock(),
    );
    expect(settlePending(start, undefined)).toBe(start);
    expect(withPending(start, [])).toEqual(lock());
  });

  it('merge per key on a lock branch: added on either side kept, settled on either side gone', () => {
    const base = lock([entry('both'), entry('ours-settled'), entry('theirs-settled')]);
    const ours = lock([entry('both'), entry('theirs-settled'), entry('ours-new')]);
    const theirs = lock([entry('both'), entry('ours-settled'), entry('theirs-new')]);
    const merged = mergeLocks(base, ours, theirs).lock;
    expect(merged.pending_creates?.map((p) => p.name)).toEqual(['both', 'ours-new', 'theirs-new']);
    expect(mergeLocks(base, lock(), lock()).lock).toEqual(lock());
    expect(mergeLocks(undefined, lock([entry('a')]), lock([entry('a')])).lock.pending_creates).toEqual([entry('a')]);
  });
});
