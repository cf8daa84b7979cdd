// The lock's text made piece by piece (issue 45): compared without joining it (sameLockText,
// what apply asks to say whether a record changed) and written through one reused buffer
// (writeFileAtomic), each held to the whole text of serializeLock.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/lock/atomic-write.js';
import { sameLockText, serializeLock } from '../../src/lock/lock-file.js';
import type { LockFile, LockRecord } from '../../src/lock/types.js';

const lock = (monitors: LockRecord[], salt = 'salt-0123456789abcdef'): LockFile => ({
  format_version: 1,
  salt,
  monitors,
});
const record = (n: number, name: string, url: string): LockRecord => ({
  id: `01HZ${String(n).padStart(22, '0')}`,
  name,
  fingerprint: `sha256:${n}`,
  values: { url },
});

describe('sameLockText', () => {
  const records = fc.array(
    fc.record({ n: fc.nat(5), name: fc.constantFrom('a', 'b', 'é'), url: fc.string({ maxLength: 3 }) }),
    { maxLength: 5 },
  );
  const locks = fc.tuple(records, fc.constantFrom('salt-0123456789abcdef', 'salt-0123456789abcdeg'));

  it('says what comparing the two whole texts says', () => {
    fc.assert(
      fc.property(locks, locks, ([a, saltA], [b, saltB]) => {
        const left = lock(
          a.map((r) => record(r.n, r.name, r.url)),
          saltA,
        );
        const right = lock(
          b.map((r) => record(r.n, r.name, r.url)),
          saltB,
        );
        expect(sameLockText(left, right)).toBe(serializeLock(left) === serializeLock(right));
        const reversed = { ...left, monitors: [...left.monitors].reverse() }; // the same text, unless a record is there twice
        expect(sameLockText(left, reversed)).toBe(serializeLock(left) === serializeLock(reversed));
      }),
      { numRuns: 200 },
    );
  });

  it('tells locks apart whose texts differ only after a common start, or only in length', () => {
    const base = lock([record(1, 'a', 'https://a.example.com/'), record(2, 'b', 'https://b.example.com/')]);
    expect(sameLockText(base, lock([...base.monitors, record(3, 'c', 'x')]))).toBe(false);
    expect(sameLockText(lock([...base.monitors, record(3, 'c', 'x')]), base)).toBe(false);
    expect(sameLockText(base, lock([base.monitors[0]!, record(2, 'b', 'https://b.example.com/x')]))).toBe(false);
    expect(sameLockText(lock([]), lock([]))).toBe(true);
  });
});

describe('writeFileAtomic of pieces', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lock-text-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the pieces joined, byte for byte: multi-byte characters across batches, and a piece larger than a batch', async () => {
    const pieces = [
      ...Array.from({ length: 40_000 }, (_, i) => `piece ${i} é€😀\n`),
      `${'ü'.repeat(600_000)}\n`,
      ...Array.from({ length: 1_000 }, (_, i) => `after ${i}\n`),
      '',
    ];
    const path = join(dir, 'out.json');
    await writeFileAtomic(path, pieces);
    expect(readFileSync(path, 'utf8')).toBe(pieces.join(''));
    expect(readdirSync(dir)).toEqual(['out.json']); // no temp file left behind
  });
});
