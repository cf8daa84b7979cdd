// The pure parts of `monitors lock list|show|forget`: the rows (order, where declared, last
// applied), git blame's porcelain read into times per record, and what forget refuses.
import { describe, expect, it } from 'vitest';
import { appliedTimes, parseBlame } from '../../src/lock-view/applied-times.js';
import { forgetRecord } from '../../src/lock-view/forget.js';
import { lockRows } from '../../src/lock-view/rows.js';
import { serializeLock } from '../../src/lock/lock-file.js';
import type { LockFile, LockRecord } from '../../src/lock/types.js';
import type { DesiredMonitor } from '../../src/model/monitor.js';
import { isMonitorsError } from '../../src/errors.js';

const record = (name: string, id: string, fingerprint = `sha256:${id}`): LockRecord => ({
  id,
  name,
  fingerprint,
  values: { url: `https://example.com/${name}` },
});
const lock = (...monitors: LockRecord[]): LockFile => ({ format_version: 1, salt: 'salt-0123456789', monitors });
const at = (line: number) => ({ file: 'monitors.yaml', line, col: 5 });
const declared = (name: string, line: number) => ({ name, source: at(line) }) as unknown as DesiredMonitor;

describe('lockRows', () => {
  it('orders names as people read them, and says where each is declared', () => {
    const rows = lockRows(
      lock(record('check-10', 'A'), record('Web', 'B'), record('check-2', 'C'), record('gone', 'D')),
      { monitors: [declared('check-2', 3), declared('check-10', 5)], removed: [{ name: 'Web', source: at(9) }] },
      new Map([['A', '2026-01-02T03:04:05Z']]),
    );
    expect(rows.map((r) => r.name)).toEqual(['check-2', 'check-10', 'gone', 'Web']);
    expect(rows.map((r) => r.declared.kind)).toEqual(['monitor', 'monitor', 'absent', 'removed']);
    expect(rows[1]!.lastApplied).toBe('2026-01-02T03:04:05Z');
    expect(rows[0]!.lastApplied).toBeUndefined();
  });
});

describe('applied times from git blame', () => {
  it('reads each record at its fingerprint line, committed or not', () => {
    const text = serializeLock(lock(record('a', 'ID-A'), record('b', 'ID-B')));
    const lines = text.split('\n');
    const fingerprintOf = (id: string) => lines.findIndex((_, i) => lines[i + 1]?.includes(`"id": "${id}"`)) + 1;
    const sha = 'f'.repeat(40);
    const porcelain = [
      `${sha} 1 ${fingerprintOf('ID-A')} 1`,
      'author x',
      'committer-time 1767322800',
      `\t${lines[fingerprintOf('ID-A') - 1]}`,
      `${'0'.repeat(40)} 2 ${fingerprintOf('ID-B')} 1`,
      'committer-time 1767322900',
      `\t${lines[fingerprintOf('ID-B') - 1]}`,
      `${sha} 3 1`,
      `\t{`,
    ].join('\n');
    const times = appliedTimes(text, parseBlame(porcelain));
    expect(times.get('ID-A')).toBe('2026-01-02T03:00:00Z');
    expect(times.get('ID-B')).toBeNull();
    expect(times.size).toBe(2);
  });

  it('knows nothing without a history', () => {
    expect(appliedTimes(serializeLock(lock(record('a', 'ID-A'))), parseBlame('')).size).toBe(0);
  });
});

describe('forgetRecord', () => {
  const before = lock(record('api', 'ID-1'), record('web', 'ID-2'));

  it('drops the one record, by name or by id, and keeps the others', () => {
    expect(forgetRecord(before, 'api', undefined).lock.monitors.map((r) => r.id)).toEqual(['ID-2']);
    expect(forgetRecord(before, 'ID-2', undefined).record.name).toBe('web');
    expect(before.monitors).toHaveLength(2);
  });

  it('refuses a name the YAML still declares, located, and an unknown name with a suggestion', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        return isMonitorsError(error) ? `${error.code}: ${error.message}` : String(error);
      }
      return 'no error';
    };
    expect(code(() => forgetRecord(before, 'api', at(7)))).toMatch(/^LOCK_FORGET_DECLARED: monitors\.yaml:7:5: "api"/);
    expect(code(() => forgetRecord(before, 'webb', undefined))).toMatch(/^LOCK_NAME_UNKNOWN: .*did you mean "web"/);
    expect(code(() => forgetRecord(lock(record('x', 'ID-1'), record('x', 'ID-2')), 'x', undefined))).toMatch(
      /^LOCK_NAME_AMBIGUOUS/,
    );
  });
});
