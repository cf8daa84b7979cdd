// A plan over some files of a set (src/plan/named-files.ts): changes of the files named are
// kept; a delete only for a record of a named file or of a file gone from the set.
import { describe, expect, it } from 'vitest';
import { narrowToFiles, stampFiles } from '../../src/plan/named-files.js';
import type { LockRecord } from '../../src/lock/types.js';
import { change, plan } from '../apply/plan-fixtures.js';

const scope = { named: new Set(['a.yaml']), loaded: new Set(['a.yaml', 'b.yaml']), shown: ['monitors/a.yaml'] };
const record = (id: string, file?: string): LockRecord => ({
  id,
  name: id,
  fingerprint: 'fp',
  ...(file ? { file } : {}),
});
const sourced = (name: string, file: string) => ({
  ...change('replace', name, `ID-${name}`, {}),
  source: { file, line: 1, col: 1 },
});

describe('named files', () => {
  it('stamps each create and replace with its file, relative as the lock names it', () => {
    const p = plan([sourced('x', 'monitors/a.yaml')]);
    stampFiles(p, (f) => f.replace('monitors/', ''));
    expect(p.changes[0]!.lock_record?.file).toBe('a.yaml');
  });

  it("keeps the named file's changes and deletes; leaves the others' out, listed; a file gone is still a delete", () => {
    const p = plan([
      { ...change('replace', 'a1', 'A1', {}), lock_record: { fingerprint: 'f', file: 'a.yaml' } },
      { ...change('replace', 'b1', 'B1', {}), lock_record: { fingerprint: 'f', file: 'b.yaml' } },
      change('delete', 'a2', 'A2'),
      change('delete', 'b2', 'B2'),
      change('delete', 'c1', 'C1'),
      change('delete', 'old', 'OLD'),
      change('forget', 'f1', 'F1'),
    ]);
    const records = [record('A2', 'a.yaml'), record('B2', 'b.yaml'), record('C1', 'c.yaml'), record('OLD')];
    const narrowed = narrowToFiles(p, records, scope);
    expect(narrowed.changes.map((c) => c.name)).toEqual(['a1', 'a2', 'c1', 'f1']);
    expect(narrowed.outside_files?.map((c) => `${c.action} ${c.name}`)).toEqual([
      'replace b1',
      'delete b2',
      'delete old',
    ]);
    expect(narrowed.summary).toMatchObject({ replace: 1, delete: 2, forget: 1, outside_files: 3 });
    expect(narrowed.files).toEqual(['monitors/a.yaml']);
  });
});
