// The three-way merge of lock records per monitor id (two applies racing on a lock branch).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeLocks } from '../../src/lock/merge-locks.js';
import { sortRecords } from '../../src/lock/sort-records.js';
import type { LockFile, LockRecord } from '../../src/lock/types.js';

const rec = (id: string, fingerprint: string | null = `sha256:${id}`, extra: Partial<LockRecord> = {}): LockRecord => ({
  id,
  name: `monitor ${id}`,
  fingerprint,
  ...(fingerprint === null ? {} : { fields: { url: `u-${fingerprint}` } }),
  ...extra,
});
const lock = (monitors: LockRecord[], salt = 'salt-shared-0001'): LockFile => ({ format_version: 1, salt, monitors });
const ids = (l: LockFile) => l.monitors.map((r) => r.id).sort();
const recordOf = (l: LockFile, id: string) => l.monitors.find((r) => r.id === id);

describe('mergeLocks', () => {
  const base = lock([rec('a'), rec('b'), rec('c')]);

  it('keeps the records each side added', () => {
    const ours = lock([...base.monitors, rec('ours-new')]);
    const theirs = lock([...base.monitors, rec('theirs-new')]);
    const { lock: merged, conflicts, resalted } = mergeLocks(base, ours, theirs);
    expect(ids(merged)).toEqual(['a', 'b', 'c', 'ours-new', 'theirs-new']);
    expect(recordOf(merged, 'ours-new')).toEqual(rec('ours-new'));
    expect(recordOf(merged, 'theirs-new')).toEqual(rec('theirs-new'));
    expect(conflicts).toEqual([]);
    expect(resalted).toEqual([]);
  });

  it('takes a record changed on one side only from that side', () => {
    const ours = lock([rec('a', 'sha256:a2'), rec('b'), rec('c')]);
    const theirs = lock([rec('a'), rec('b', 'sha256:b2'), rec('c')]);
    const { lock: merged } = mergeLocks(base, ours, theirs);
    expect(recordOf(merged, 'a')?.fingerprint).toBe('sha256:a2');
    expect(recordOf(merged, 'b')?.fingerprint).toBe('sha256:b2');
    expect(recordOf(merged, 'c')).toEqual(rec('c'));
  });

  it('never resurrects a monitor this apply deleted, even when the other side changed its record', () => {
    const ours = lock([rec('b'), rec('c')]); // deleted a, and c
    const theirs = lock([rec('a'), rec('b'), rec('c', 'sha256:c2'), rec('d')]);
    const oursWithoutC = lock([rec('b')]);
    expect(ids(mergeLocks(base, ours, theirs).lock)).toEqual(['b', 'c', 'd']);
    expect(ids(mergeLocks(base, oursWithoutC, theirs).lock)).toEqual(['b', 'd']);
  });

  it('drops what the other apply deleted, even when this apply changed its record', () => {
    const ours = lock([rec('a', 'sha256:a2'), rec('b'), rec('c')]);
    const theirs = lock([rec('c')]);
    expect(ids(mergeLocks(base, ours, theirs).lock)).toEqual(['c']);
  });

  it('keeps a record both sides changed alike, and makes one they changed differently "not verifiable"', () => {
    const ours = lock([rec('a', 'sha256:same'), rec('b', 'sha256:ours'), rec('c')]);
    const theirs = lock([rec('a', 'sha256:same'), rec('b', 'sha256:theirs'), rec('c')]);
    const { lock: merged, conflicts } = mergeLocks(base, ours, theirs);
    expect(recordOf(merged, 'a')).toEqual(rec('a', 'sha256:same'));
    expect(recordOf(merged, 'b')).toEqual({ id: 'b', name: 'monitor b', fingerprint: null });
    expect(conflicts).toEqual(['b']);
  });

  it('without a common start, keeps every record of both; one both added differently becomes "not verifiable"', () => {
    const ours = lock([rec('x'), rec('both', 'sha256:1')]);
    const theirs = lock([rec('y'), rec('both', 'sha256:2')]);
    const { lock: merged, conflicts } = mergeLocks(undefined, ours, theirs);
    expect(ids(merged)).toEqual(['both', 'x', 'y']);
    expect(recordOf(merged, 'both')?.fingerprint).toBeNull();
    expect(conflicts).toEqual(['both']);
  });

  it('keeps theirs’ salt; records carried over from ours under another salt lose their hashes (one "not verifiable" replace each)', () => {
    const ours = lock(
      [rec('x', 'sha256:x', { secrets: { auth_secret: 'scrypt-n15r8p1:ours' } }), rec('shared')],
      'salt-ours-000001',
    );
    const theirs = lock(
      [rec('y', 'sha256:y', { secrets: { auth_secret: 'scrypt-n15r8p1:theirs' } }), rec('shared')],
      'salt-theirs-0001',
    );
    const { lock: merged, resalted, conflicts } = mergeLocks(undefined, ours, theirs);
    expect(merged.salt).toBe('salt-theirs-0001');
    expect(recordOf(merged, 'x')).toEqual({ id: 'x', name: 'monitor x', fingerprint: null });
    expect(recordOf(merged, 'y')).toEqual(rec('y', 'sha256:y', { secrets: { auth_secret: 'scrypt-n15r8p1:theirs' } }));
    expect(recordOf(merged, 'shared')).toEqual(rec('shared')); // the same on both sides: no salted part differs
    expect(resalted).toEqual(['x']);
    expect(conflicts).toEqual([]);
  });

  it('carries the values each side kept; records that differ only in their spelling of the same meaning are the same', () => {
    const valued = (id: string, fingerprint: string, values: Record<string, unknown>): LockRecord => ({
      id,
      name: `monitor ${id}`,
      fingerprint,
      values,
    });
    const b = lock([valued('a', 'sha256:a', { tags: 'x,y' }), valued('b', 'sha256:b', { keyword: 'old' })]);
    const ours = lock([valued('a', 'sha256:a', { tags: 'y, x' }), valued('b', 'sha256:b2', { keyword: 'new' })]);
    const theirs = lock([
      valued('a', 'sha256:a', { tags: 'x ,y' }),
      valued('b', 'sha256:b', { keyword: 'old' }),
      valued('c', 'sha256:c', { port: 25 }),
    ]);
    const { lock: merged, conflicts } = mergeLocks(b, ours, theirs);
    expect(conflicts).toEqual([]); // one fingerprint, three spellings: no conflict, no "not verifiable" replace
    expect(recordOf(merged, 'a')?.values).toEqual({ tags: 'x ,y' });
    expect(recordOf(merged, 'b')?.values).toEqual({ keyword: 'new' });
    expect(recordOf(merged, 'c')?.values).toEqual({ port: 25 });
  });

  it('of a record from before values were kept and the same record with values, keeps the one with values', () => {
    const legacy = rec('a');
    const withValues: LockRecord = { id: 'a', name: 'monitor a', fingerprint: 'sha256:a', values: { keyword: 'k' } };
    const start = lock([legacy]);
    expect(recordOf(mergeLocks(start, lock([withValues]), lock([legacy])).lock, 'a')).toEqual(withValues);
    expect(recordOf(mergeLocks(start, lock([legacy]), lock([withValues])).lock, 'a')).toEqual(withValues);
    expect(mergeLocks(undefined, lock([withValues]), lock([legacy])).conflicts).toEqual([]);
  });

  it('sorts the records by name, then id', () => {
    const ours = lock([rec('z', 'sha256:z', { name: 'alpha' })]);
    const theirs = lock([rec('a', 'sha256:a', { name: 'beta' })]);
    expect(mergeLocks(undefined, ours, theirs).lock.monitors.map((r) => r.name)).toEqual(['alpha', 'beta']);
  });

  describe('properties (random base and two sides derived from it)', () => {
    const idArb = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h');
    const recordArb = fc
      .record({ id: idArb, fp: fc.constantFrom('1', '2', '3') })
      .map(({ id, fp }) => rec(id, `sha256:${fp}`));
    const lockArb = fc.uniqueArray(recordArb, { selector: (r) => r.id, maxLength: 8 }).map((records) => lock(records));

    it('what either side added is kept, what either side removed is gone, and nothing else appears', () => {
      fc.assert(
        fc.property(lockArb, lockArb, lockArb, (base, ours, theirs) => {
          const merged = new Set(ids(mergeLocks(base, ours, theirs).lock));
          const inBase = new Set(ids(base));
          for (const side of [ours, theirs]) {
            for (const id of ids(side)) if (!inBase.has(id)) expect(merged.has(id)).toBe(true);
            for (const id of inBase) if (!side.monitors.some((r) => r.id === id)) expect(merged.has(id)).toBe(false);
          }
          for (const id of merged)
            expect(ours.monitors.some((r) => r.id === id) || theirs.monitors.some((r) => r.id === id)).toBe(true);
        }),
      );
    });

    it('a side that did not change anything yields the other side', () => {
      fc.assert(
        fc.property(lockArb, lockArb, (base, changed) => {
          const expected = lock(sortRecords([...changed.monitors]));
          expect(mergeLocks(base, base, changed).lock).toEqual(expected);
          expect(mergeLocks(base, changed, base).lock).toEqual(expected);
        }),
      );
    });
  });
});
