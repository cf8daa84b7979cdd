// The checks across files count names incrementally in the language server (a keystroke
// counts only the edited file again): after any run of edits, the kept index must answer as
// one built from scratch over the same files.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckedMonitor } from '../../src/load/checks/monitor-check.js';
import { NameIndex } from '../../src/load/checks/name-index.js';

const monitorsNamed = (names: (string | undefined)[]): CheckedMonitor[] =>
  names.map((name, index) => ({
    index,
    name,
    input: {},
    envRefs: {},
    envValues: {},
    pinnedId: undefined,
    written: {},
  }));

const NAMES = ['home', 'search', 'cart', 'login', undefined];

function answers(index: NameIndex) {
  return {
    counts: NAMES.map((n) => (n === undefined ? 0 : index.count(n))),
    has: NAMES.map((n) => n !== undefined && index.has(n)),
    duplicates: index.filesWithDuplicates(),
  };
}

describe('NameIndex', () => {
  it('kept across edits answers as one built from scratch', () => {
    const file = fc.option(fc.array(fc.constantFrom(...NAMES), { maxLength: 4 }), { nil: undefined });
    const edit = fc.record({ at: fc.nat(3), names: file });
    fc.assert(
      fc.property(fc.array(file, { minLength: 4, maxLength: 4 }), fc.array(edit, { maxLength: 8 }), (start, edits) => {
        const keys = ['a.yaml', 'b.yaml', 'c.yaml', 'd.yaml'];
        const files = start.map((names) => (names ? monitorsNamed(names) : undefined));
        const kept = new NameIndex();
        kept.update(keys, files);
        for (const { at, names } of edits) {
          files[at] = names ? monitorsNamed(names) : undefined;
          kept.update(keys, files);
          const fresh = new NameIndex();
          fresh.update(keys, files);
          expect(answers(kept)).toEqual(answers(fresh));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('counts every file again when the files are not the same ones', () => {
    const index = new NameIndex();
    const home = monitorsNamed(['home']);
    index.update(['a.yaml', 'b.yaml'], [home, home]);
    expect(index.count('home')).toBe(2);
    expect(index.filesWithDuplicates()).toEqual([0, 1]);
    // b.yaml deleted, c.yaml added: the same arrays, other files.
    index.update(['a.yaml', 'c.yaml'], [home, monitorsNamed(['cart'])]);
    expect(index.count('home')).toBe(1);
    expect(index.has('cart')).toBe(true);
    expect(index.filesWithDuplicates()).toEqual([]);
    index.update(['a.yaml'], [home]);
    expect([index.count('home'), index.has('cart')]).toEqual([1, false]);
  });
});
