// A lock that holds one id twice (two versions of the file merged by git, a hand edit) is
// repaired from the listing: the record of the name the server gives the monitor stays.
import { describe, expect, it } from 'vitest';
import { repairDuplicateIds } from '../../src/plan/lock-repair.js';
import { desired, input, liveOf, lockOf, monitorId, plan, recordOf, state } from './fixtures.js';

const X = monitorId(1);
const Y = monitorId(2);
const alpha = desired('alpha');
const beta = desired('beta');

describe('repairDuplicateIds', () => {
  it('returns the very lock when no id is recorded twice', () => {
    const lock = lockOf([recordOf(X, alpha), recordOf(Y, beta)]);
    expect(repairDuplicateIds(lock, [])).toEqual({ lock, notes: [] });
    expect(repairDuplicateIds(lock, []).lock).toBe(lock);
  });

  it('keeps the record of the name the server gives the id, drops the other, and says which', () => {
    const lock = lockOf([recordOf(X, alpha), recordOf(X, beta), recordOf(Y, desired('gamma'))]);
    const { lock: repaired, notes } = repairDuplicateIds(lock, [liveOf(X, input('beta'), 'spec')]);
    expect(repaired.monitors.map((r) => [r.id, r.name])).toEqual([
      [X, 'beta'],
      [Y, 'gamma'],
    ]);
    expect(notes).toEqual([
      `the lock file holds ${X} twice, as "alpha" and as "beta"; the server names it "beta": the record "alpha" is dropped, and the next apply writes the lock without it.`,
    ]);
  });

  it("drops every record of the id when none has the server's name; keeps one of an id gone from the server", () => {
    const lock = lockOf([recordOf(X, alpha), recordOf(X, beta), recordOf(Y, alpha), recordOf(Y, beta)]);
    const { lock: repaired, notes } = repairDuplicateIds(lock, [liveOf(X, input('gamma'), 'spec')]);
    expect(repaired.monitors.map((r) => [r.id, r.name])).toEqual([[Y, 'alpha']]);
    expect(notes).toEqual([
      `the lock file holds ${X} twice, as "alpha" and as "beta"; the server names it "gamma", neither: its records are dropped, and it is matched by its name like a monitor the lock file does not know.`,
      `the lock file holds ${Y} twice, as "alpha" and as "beta"; it no longer exists on the server, and its records are dropped.`,
    ]);
  });

  it('the repaired lock plans like a lock that never held the other record', () => {
    const live = [liveOf(X, input('beta'), 'spec')];
    const { lock } = repairDuplicateIds(lockOf([recordOf(X, alpha), recordOf(X, beta)]), live);
    const p = plan(state([alpha, beta]), live, lock);
    expect(p.changes.map((c) => [c.action, c.name])).toEqual([['create', 'alpha']]);
    expect(p.summary.unchanged).toBe(1);
  });
});
