// The lock file on disk: stable text for git, strict parsing, atomic writes.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MonitorsError } from '../../src/errors.js';
import {
  newLockFile,
  parseLock,
  readLockFile,
  serializeLock,
  withoutRecords,
  writeLockFileAtomic,
} from '../../src/lock/lock-file.js';
import type { LockFile, LockRecord } from '../../src/lock/types.js';

const record = (id: string, name: string, extra: Partial<LockRecord> = {}): LockRecord => ({
  id,
  name,
  fingerprint: `sha256:${id.toLowerCase()}`,
  fields: { url: 'aaaaaaaaaaaa', name: 'bbbbbbbbbbbb' },
  ...extra,
});

const sortedCopy = <T>(map: Record<string, T>) => {
  const out: Record<string, T> = Object.create(null) as Record<string, T>;
  for (const key of Object.keys(map).sort()) out[key] = map[key]!;
  return out;
};

const lock = (monitors: LockRecord[]): LockFile => ({ format_version: 1, salt: 'salt-0123456789abcdef', monitors });

const sample = lock([
  record('01HZ0000000000000000000003', 'zeta'),
  record('01HZ0000000000000000000001', 'alpha', { secrets: { auth_secret: 'scrypt-n15r8p1:abc' } }),
  record('01HZ0000000000000000000002', 'alpha'),
  { id: '01HZ0000000000000000000004', name: 'adopted', fingerprint: null },
]);

function invalid(text: string): MonitorsError {
  try {
    parseLock(text, 'monitors.lock.json');
  } catch (error) {
    expect(error).toBeInstanceOf(MonitorsError);
    expect((error as MonitorsError).code).toBe('LOCK_INVALID');
    expect((error as MonitorsError).message).toContain('monitors.lock.json');
    return error as MonitorsError;
  }
  throw new Error('expected LOCK_INVALID');
}

describe('serializeLock', () => {
  it('sorts records by name then id, keys alphabetically, 2-space indent, trailing newline', () => {
    const text = serializeLock(sample);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toMatchInlineSnapshot(`
      "{
        "format_version": 1,
        "salt": "salt-0123456789abcdef",
        "monitors": [
          {
            "fingerprint": null,
            "id": "01HZ0000000000000000000004",
            "name": "adopted"
          },
          {
            "fields": {
              "name": "bbbbbbbbbbbb",
              "url": "aaaaaaaaaaaa"
            },
            "fingerprint": "sha256:01hz0000000000000000000001",
            "id": "01HZ0000000000000000000001",
            "name": "alpha",
            "secrets": {
              "auth_secret": "scrypt-n15r8p1:abc"
            }
          },
          {
            "fields": {
              "name": "bbbbbbbbbbbb",
              "url": "aaaaaaaaaaaa"
            },
            "fingerprint": "sha256:01hz0000000000000000000002",
            "id": "01HZ0000000000000000000002",
            "name": "alpha"
          },
          {
            "fields": {
              "name": "bbbbbbbbbbbb",
              "url": "aaaaaaaaaaaa"
            },
            "fingerprint": "sha256:01hz0000000000000000000003",
            "id": "01HZ0000000000000000000003",
            "name": "zeta"
          }
        ]
      }
      "
    `);
  });

  it('gives the same text for any order of records and of keys', () => {
    const expected = serializeLock(sample);
    fc.assert(
      fc.property(fc.shuffledSubarray(sample.monitors, { minLength: sample.monitors.length }), (shuffled) => {
        const rekeyed = shuffled.map((r) => Object.fromEntries(Object.entries(r).reverse()) as unknown as LockRecord);
        expect(serializeLock(lock(rekeyed))).toBe(expected);
      }),
      { numRuns: 30 },
    );
  });

  it('is JSON.stringify of the ordered lock with a 2-space indent, for any records (it is written piece by piece)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    const map = fc.option(fc.dictionary(text, text, { maxKeys: 4 }), { nil: undefined });
    const value = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }));
    const recordArb = fc.record({
      id: text,
      name: text,
      fingerprint: fc.option(text, { nil: null }),
      fields: map,
      secrets: map,
      values: fc.option(fc.dictionary(text, value, { maxKeys: 4 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 5 }), text, (records, salt) => {
        const l: LockFile = {
          format_version: 1,
          salt,
          monitors: records.map(
            (r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as unknown as LockRecord,
          ),
        };
        const sorted = [...l.monitors].sort((a, b) =>
          a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
        );
        const ordered = sorted.map((r) => ({
          ...(r.fields ? { fields: sortedCopy(r.fields) } : {}),
          fingerprint: r.fingerprint,
          id: r.id,
          name: r.name,
          ...(r.secrets ? { secrets: sortedCopy(r.secrets) } : {}),
          ...(r.values ? { values: sortedCopy(r.values) } : {}),
        }));
        expect(serializeLock(l)).toBe(`${JSON.stringify({ format_version: 1, salt, monitors: ordered }, null, 2)}\n`);
      }),
      { numRuns: 200 },
    );
  });

  it('round-trips through parseLock', () => {
    const parsed = parseLock(serializeLock(sample), 'x');
    expect(serializeLock(parsed)).toBe(serializeLock(sample));
    expect(parsed.monitors.find((r) => r.name === 'adopted')).toEqual({
      id: '01HZ0000000000000000000004',
      name: 'adopted',
      fingerprint: null,
    });
    expect(parsed.monitors.map((r) => r.name)).toEqual(['adopted', 'alpha', 'alpha', 'zeta']);
  });

  it('keeps the values a record holds, of any JSON type, and reads a record without them (an earlier version’s) as it is', () => {
    const values = { url: 'https://a.example/', locations: ['us-east', 'eu-west'], port: 443, group: null, x: true };
    const withValues = lock([
      record('01HZ0000000000000000000005', 'kept', { values, fields: { headers: 'hhhhhhhhhhhh' } }),
    ]);
    const text = serializeLock(withValues);
    expect(text).toContain('"values": {\n        "group": null,\n        "locations": [');
    expect(parseLock(text, 'x')).toEqual(withValues);
    expect(parseLock(serializeLock(sample), 'x').monitors.every((r) => !('values' in r))).toBe(true);
    // A "__proto__" key (a hand edit) stays a plain key, in and out.
    const odd = parseLock(text.replace('"group": null', '"__proto__": 1'), 'x');
    expect(Object.hasOwn(odd.monitors[0]!.values!, '__proto__')).toBe(true);
    expect(serializeLock(odd)).toContain('"__proto__": 1');
  });

  it('a new lock file has a random salt and no records', () => {
    const a = newLockFile();
    const b = newLockFile();
    expect(a.monitors).toEqual([]);
    expect(a.salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.salt).not.toBe(b.salt);
    expect(parseLock(serializeLock(a), 'x')).toEqual(a);
  });

  it('withoutRecords drops the given ids only', () => {
    expect(withoutRecords(sample, ['01HZ0000000000000000000002', 'unknown']).monitors.map((r) => r.id)).toEqual([
      '01HZ0000000000000000000003',
      '01HZ0000000000000000000001',
      '01HZ0000000000000000000004',
    ]);
  });
});

describe('parseLock rejects', () => {
  const good = JSON.parse(serializeLock(sample)) as Record<string, unknown>;
  const variant = (over: Record<string, unknown>) => JSON.stringify({ ...good, ...over });

  it('text that is not JSON, or a merge conflict', () => {
    expect(invalid('{ "format_version": 1,').message).toContain('not JSON');
    const conflicted = serializeLock(sample).replace(
      '  "monitors": [',
      '<<<<<<< HEAD\n  "monitors": [\n=======\n  "monitors": [\n>>>>>>> feature',
    );
    expect(invalid(conflicted).message).toContain('merge conflict');
    expect(invalid('[]').message).toContain('not a JSON object');
  });

  it('another format version', () => {
    expect(invalid(variant({ format_version: 0 })).message).toContain('format_version 0 is not 1');
    invalid(variant({ format_version: '1' }));
  });

  it('a newer format version: says to upgrade, never to delete the lock', () => {
    const error = invalid(variant({ format_version: 2 }));
    expect(error.message).toContain('format_version 2: a newer monitors wrote it');
    expect(error.hint).toMatch(/Upgrade monitors/);
    expect(error.hint).not.toMatch(/delete it/);
  });

  it('a missing or short salt, monitors not a list', () => {
    invalid(variant({ salt: undefined }));
    invalid(variant({ salt: 'short' }));
    invalid(variant({ monitors: {} }));
  });

  it('an id recorded twice (git merged two versions) is read, both records: plan repairs it from the listing', () => {
    const r = record('01HZ0000000000000000000001', 'a');
    const text = JSON.stringify({
      format_version: 1,
      salt: 'salt-0123456789abcdef',
      monitors: [r, { ...r, name: 'b' }],
    });
    expect(parseLock(text, 'monitors.lock.json').monitors.map((m) => [m.id, m.name])).toEqual([
      [r.id, 'a'],
      [r.id, 'b'],
    ]);
  });

  it('records without id or name, a bad fingerprint', () => {
    invalid(variant({ monitors: [{ name: 'a', fingerprint: null }] }));
    invalid(variant({ monitors: [{ id: 'x', fingerprint: null }] }));
    invalid(variant({ monitors: [{ id: 'x', name: 'a' }] }));
    invalid(variant({ monitors: [{ id: 'x', name: 'a', fingerprint: 42 }] }));
  });

  it('with a hint that says how to recover', () => {
    expect(invalid('nope').hint).toMatch(/git checkout/);
  });
});

describe('lock file on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lock-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('readLockFile gives undefined when there is none', async () => {
    expect(await readLockFile(join(dir, 'missing.lock.json'))).toBeUndefined();
  });

  it('reads what it wrote; LOCK_INVALID for a broken file; LOCK_UNREADABLE for a folder', async () => {
    const path = join(dir, 'monitors.lock.json');
    await writeLockFileAtomic(path, sample);
    expect(await readLockFile(path)).toEqual(parseLock(serializeLock(sample), path));
    writeFileSync(path, '{"format_version":');
    await expect(readLockFile(path)).rejects.toMatchObject({ code: 'LOCK_INVALID' });
    await expect(readLockFile(dir)).rejects.toMatchObject({
      code: 'LOCK_UNREADABLE',
      hint: expect.stringContaining('--lock'),
    });
  });

  it('writes the text of serializeLock byte for byte, a lock of several megabytes too (written in batches)', async () => {
    const path = join(dir, 'monitors.lock.json');
    const big = lock(
      Array.from({ length: 6000 }, (_, i) =>
        record(`01HZ${String(i).padStart(22, '0')}`, `monitor ${i} é`, {
          fields: Object.fromEntries(Array.from({ length: 20 }, (_, f) => [`field_${f}`, 'abcdefghijkl'])),
        }),
      ),
    );
    await writeLockFileAtomic(path, big);
    const text = readFileSync(path, 'utf8');
    expect(text.length).toBeGreaterThan(3 * (1 << 20));
    expect(text).toBe(serializeLock(big));
  });

  it('writes atomically: no temp files left, creates missing folders, replaces the old content whole', async () => {
    const path = join(dir, 'nested', 'monitors.lock.json');
    await writeLockFileAtomic(path, sample);
    await writeLockFileAtomic(path, lock([record('01HZ0000000000000000000009', 'only')]));
    expect(readdirSync(join(dir, 'nested'))).toEqual(['monitors.lock.json']);
    expect(parseLock(readFileSync(path, 'utf8'), path).monitors.map((r) => r.name)).toEqual(['only']);
  });

  it('creates several missing folders; a file in the way is FILE_WRITE_FAILED (ENOTDIR)', async () => {
    const path = join(dir, 'a', 'b', 'c', 'monitors.lock.json');
    await writeLockFileAtomic(path, sample);
    expect(readFileSync(path, 'utf8')).toBe(serializeLock(sample));
    await expect(writeLockFileAtomic(join(path, 'x', 'monitors.lock.json'), sample)).rejects.toMatchObject({
      code: 'FILE_WRITE_FAILED',
      message: expect.stringContaining('ENOTDIR'),
    });
  });

  // Node's mkdir(dir, { recursive: true }) never returns there: mkdir answers ENOENT though /proc exists.
  it.skipIf(!existsSync('/proc/self'))(
    'a folder that cannot be made under /proc fails at once (ENOENT), no endless loop',
    async () => {
      await expect(writeLockFileAtomic('/proc/no-such-folder/deeper/monitors.lock.json', sample)).rejects.toMatchObject(
        { code: 'FILE_WRITE_FAILED', message: expect.stringContaining('ENOENT') },
      );
    },
    5_000,
  );

  it('concurrent writes leave one complete file, never a mix or a half', async () => {
    const path = join(dir, 'monitors.lock.json');
    const versions = Array.from({ length: 12 }, (_, i) =>
      lock(Array.from({ length: 50 + i * 40 }, (_, j) => record(`ID${i}-${String(j).padStart(4, '0')}`, `m${j}`))),
    );
    await Promise.all(versions.map((v) => writeLockFileAtomic(path, v)));
    const text = readFileSync(path, 'utf8');
    expect(versions.map(serializeLock)).toContain(text);
    expect(readdirSync(dir)).toEqual(['monitors.lock.json']);
  });

  it('a failed write reports FILE_WRITE_FAILED and leaves the old file and no temp file', async () => {
    const path = join(dir, 'monitors.lock.json');
    await writeLockFileAtomic(path, sample);
    // The target is a folder now: rename over it fails after the temp file was written.
    const blocked = join(dir, 'blocked');
    await writeLockFileAtomic(join(blocked, 'x.json'), sample);
    await expect(writeLockFileAtomic(blocked, sample)).rejects.toMatchObject({ code: 'FILE_WRITE_FAILED' });
    expect(readdirSync(dir).sort()).toEqual(['blocked', 'monitors.lock.json']);
    expect(readFileSync(path, 'utf8')).toBe(serializeLock(sample));
  });
});
