// A monitor the repository already manages is refused, at the place that manages it: its
// YAML entry (or id pin), a moved: or removed: entry naming it, its lock record.
import { describe, expect, it } from 'vitest';
import { managedClashes, recordPosition, type Repository } from '../../../src/export/adopt/managed.js';
import { newLockFile, serializeLock } from '../../../src/lock/lock-file.js';
import type { LockRecord } from '../../../src/lock/types.js';
import type { DesiredMonitor } from '../../../src/model/monitor.js';
import { full, id } from '../fixtures.js';

const desired = (name: string, line: number, extra: Partial<DesiredMonitor> = {}): DesiredMonitor =>
  ({ name, input: {}, envRefs: {}, source: { file: 'monitors/shop.yaml', line, col: 5 }, ...extra }) as DesiredMonitor;

const records: LockRecord[] = [
  { id: id(1), name: 'shop: home', fingerprint: null },
  { id: id(9), name: 'old: name', fingerprint: null },
];
const lockText = serializeLock({ ...newLockFile(), monitors: records });

const repo: Repository = {
  state: {
    monitors: [desired('shop: home', 12), desired('pinned', 20, { pinnedId: id(2) }), desired('caf\u00e9', 30)],
    moved: [{ from: 'legacy', to: 'legacy: new', source: { file: 'monitors/moves.yaml', line: 3, col: 5 } }],
    removed: [{ name: 'gone', source: { file: 'monitors/moves.yaml', line: 7, col: 5 } }],
  },
  records,
  lock: { display: 'monitors/monitors.lock.json', text: lockText },
};

const clashes = (names: [string, number][]) =>
  managedClashes(
    names.map(([name, n]) => ({ live: full(id(n), name, {}), pinned: false })),
    repo,
  ).map((c) => `${c.id.slice(-2)} ${c.problem.file}:${c.problem.line}:${c.problem.col} ${c.problem.message}`);

describe('managedClashes', () => {
  it('finds nothing for monitors the repository does not manage', () => {
    expect(clashes([['legacy: a', 5]])).toEqual([]);
  });

  it('points at the YAML entry of the name, and at the lock record of the id', () => {
    const { line, col } = recordPosition(lockText, id(1));
    expect(lockText.split('\n')[line - 1]!.slice(col - 1)).toBe(`"id": "${id(1)}",`);
    expect(clashes([['shop: home', 1]])).toEqual([
      `01 monitors/shop.yaml:12:5 "shop: home" (${id(1)}) is already a monitor of this repository: defined here`,
      `01 monitors/monitors.lock.json:${line}:${col} "shop: home" (${id(1)}) already has a lock record here`,
    ]);
  });

  it('finds a name in Unicode NFC, an id pinned by another entry, and an id recorded under another name', () => {
    expect(clashes([['cafe\u0301', 7]])).toEqual([
      `07 monitors/shop.yaml:30:5 "cafe\u0301" (${id(7)}) is already a monitor of this repository: defined here`,
    ]);
    expect(clashes([['renamed in the dashboard', 2]])).toEqual([
      `02 monitors/shop.yaml:20:5 "renamed in the dashboard" (${id(2)}) is already a monitor of this repository: pinned with id: here`,
    ]);
    expect(clashes([['renamed', 9]])[0]).toContain('already has a lock record here (as "old: name")');
  });

  it('points at moved: and removed: entries naming the monitor', () => {
    expect(clashes([['legacy', 5]])).toEqual([
      `05 monitors/moves.yaml:3:5 "legacy" (${id(5)}) is named by this moved: entry; rename it with the YAML (apply), not by adopting it`,
    ]);
    expect(clashes([['legacy: new', 5]])).toHaveLength(1);
    expect(clashes([['gone', 6]])).toEqual([
      `06 monitors/moves.yaml:7:5 "gone" (${id(6)}) is listed under removed: here (this repository forgets it); delete that entry to adopt it`,
    ]);
  });

  it('refuses a name the lock file records for another id (plan would stop as ambiguous)', () => {
    expect(clashes([['old: name', 8]])).toEqual([
      expect.stringMatching(
        /^08 monitors\/monitors\.lock\.json:\d+:\d+ "old: name" \(01J0+8\): the lock file records another monitor \(01J0+9\) under this name; plan would stop with PLAN_AMBIGUOUS_NAME/,
      ),
    ]);
  });
});
