// Adding the adopted records to the lock file: every other record stays byte for byte.
import { describe, expect, it } from 'vitest';
import { addRecords } from '../../../src/export/adopt/add-records.js';
import { MonitorsError } from '../../../src/errors.js';
import { newLockFile, parseLock, serializeLock } from '../../../src/lock/lock-file.js';
import type { LockRecord } from '../../../src/lock/types.js';
import { id } from '../fixtures.js';
import { recordTexts } from './tree.js';

const codec = { newLock: newLockFile, serializeLock };
const record = (n: number, name: string): LockRecord => ({
  id: id(n),
  name,
  fingerprint: `sha256:${name}`,
  fields: { url: `u${n}`, name: `n${n}` },
});
const OLD = [record(1, 'alpha'), record(3, 'gamma'), record(5, 'zeta')];
const oldText = serializeLock({ ...newLockFile(), monitors: OLD });
const onDisk = (text: string) => ({ text, lock: parseLock(text, 'lock') });

describe('addRecords', () => {
  it('keeps every other record byte for byte, the new ones sorted in among them', () => {
    const added = addRecords(onDisk(oldText), [record(2, 'beta'), record(9, 'omega')], codec, 'lock');
    expect(added).toMatchObject({ created: false, relaid: false });
    const before = recordTexts(oldText);
    const after = recordTexts(added.text);
    expect([before.length, after.length]).toEqual([3, 5]);
    expect(after.filter((t) => before.includes(t))).toEqual(before);
    expect(added.lock.salt).toBe(parseLock(oldText, 'lock').salt);
    expect(parseLock(added.text, 'lock').monitors.map((r) => r.name)).toEqual([
      'alpha',
      'beta',
      'gamma',
      'omega',
      'zeta',
    ]);
    expect(added.text.startsWith(oldText.slice(0, oldText.indexOf('"monitors"')))).toBe(true);
  });

  it('makes a new lock file when there is none', () => {
    const added = addRecords(undefined, [record(2, 'beta')], codec, 'lock');
    expect(added).toMatchObject({ created: true, relaid: false });
    expect(parseLock(added.text, 'lock').monitors).toEqual([record(2, 'beta')]);
  });

  it("writes a lock file laid out by hand in monitors' layout, saying so, its records unchanged", () => {
    const compact = JSON.stringify(JSON.parse(oldText));
    const added = addRecords(onDisk(compact), [record(2, 'beta')], codec, 'lock');
    expect(added).toMatchObject({ created: false, relaid: true });
    expect(parseLock(added.text, 'lock').monitors).toEqual([OLD[0], record(2, 'beta'), OLD[1], OLD[2]]);
  });

  it('refuses a lock file holding fields this version would drop, nothing written', () => {
    const newer = oldText.replace(
      '"fingerprint": "sha256:alpha",',
      '"fingerprint": "sha256:alpha",\n      "future": 1,',
    );
    let error: unknown;
    try {
      addRecords(onDisk(newer), [record(2, 'beta')], codec, 'monitors/monitors.lock.json');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MonitorsError);
    expect((error as MonitorsError).code).toBe('EXPORT_LOCK_NOT_KEPT');
    expect((error as MonitorsError).message).toContain('the lock file monitors/monitors.lock.json holds more than');
  });
});
