// The one name selector (src/model/name-select/): the glob syntax, a name selecting itself,
// the refusals, and a match whose cost is bounded by name x pattern length, checked
// against a plain dynamic-programming reference on random globs and names.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globMatches, parseGlob, type Glob } from '../../src/model/name-select/glob.js';
import { anyPatternMatches, namePattern } from '../../src/model/name-select/pattern.js';
import { firstUnmatched, namePatterns } from '../../src/model/name-select/select.js';
import type { DesiredMonitor, LiveMonitor } from '../../src/model/monitor.js';
import { forcedNames, selectTargets } from '../../src/plan/targets.js';
import { selectByName } from '../../src/status/select.js';
import type { StatusRow } from '../../src/status/types.js';

const match = (glob: string, name: string) => namePattern(glob).matches(name);

/** The reference: table[i][j] = the first i tokens match the first j characters. */
function reference(glob: Glob, text: string): boolean {
  const chars = Array.from(text);
  const t = glob.tokens;
  let row = [true, ...chars.map(() => false)];
  for (const token of t) {
    const next = chars.map(() => false);
    next.unshift(token.kind === 'star' && row[0]!);
    for (let j = 1; j <= chars.length; j++) {
      if (token.kind === 'star') next[j] = row[j]! || next[j - 1]!;
      else {
        const one = globMatches({ tokens: [token], literal: undefined }, chars[j - 1]!);
        next[j] = row[j - 1]! && one;
      }
    }
    row = next;
  }
  return row[chars.length]!;
}

describe('name globs', () => {
  it('match whole names: * any text, ? one character, [] a set, [!] or [^] its complement', () => {
    expect(match('shop: *', 'shop: home page')).toBe(true);
    expect(match('shop: *', 'the shop: home page')).toBe(false);
    expect(match('*', '')).toBe(true);
    expect(match('a*b*c', 'aXXbYYc')).toBe(true);
    expect(match('a*b*c', 'aXXbYY')).toBe(false);
    expect(match('db?', 'db1')).toBe(true);
    expect(match('db?', 'db12')).toBe(false);
    expect(match('db[12]', 'db3')).toBe(false);
    expect(match('db[1-3]', 'db3')).toBe(true);
    expect(match('db[!12]', 'db3')).toBe(true);
    expect(match('db[^12]', 'db1')).toBe(false);
    expect(match('x[]]', 'x]')).toBe(true);
    expect(match('x[-a]', 'x-')).toBe(true);
    expect(match('x[a-]', 'x-')).toBe(true);
    expect(match('a\\b', 'a\\b')).toBe(true);
    expect(match('[unclosed', '[unclosed')).toBe(true);
    expect(match('a.b (c)+', 'a.b (c)+')).toBe(true);
    expect(match('a.b', 'axb')).toBe(false);
    expect(match('API*', 'api v2')).toBe(false);
  });

  it('take one character for ? and for a set, astral ones included, in NFC', () => {
    expect(match('?', '😀')).toBe(true);
    expect(match('[😀😁]x', '😁x')).toBe(true);
    expect(match('caf\u00e9 *', 'cafe\u0301 menu')).toBe(true);
  });

  it('let a name select itself, glob characters and all (api [eu] is the monitor api [eu], and api e)', () => {
    expect(match('api [eu]', 'api [eu]')).toBe(true);
    expect(match('api [eu]', 'api e')).toBe(true);
    expect(match('api [eu]', 'api x')).toBe(false);
    expect(match('a*', 'a*')).toBe(true);
  });

  it('refuse a range written backwards, yet still select the name it spells', () => {
    const p = namePattern('x [z-a]');
    expect(p.invalid).toMatch(/z-a runs backwards/);
    expect(p.matches('x [z-a]')).toBe(true);
    expect(p.matches('x b')).toBe(false);
    expect(firstUnmatched([p], ['other'])).toMatchObject({ kind: 'invalid', pattern: 'x [z-a]' });
  });

  it('name the unmanaged monitor a pattern selects, or the near names', () => {
    const patterns = namePatterns(['shop: *', 'legacy *', 'shop: chekout']);
    const known = ['shop: checkout', 'shop: home'];
    const live = [{ name: 'legacy ping', id: 'mon_1' }];
    expect(firstUnmatched(patterns.slice(0, 1), known, live)).toBeUndefined();
    expect(firstUnmatched(patterns.slice(1, 2), known, live)).toMatchObject({ kind: 'unmanaged', monitor: live[0] });
    expect(firstUnmatched(patterns.slice(2), known, live)).toEqual({
      kind: 'none',
      pattern: 'shop: chekout',
      near: ['shop: checkout'],
    });
    expect(anyPatternMatches(patterns, 'legacy x')).toBe(true);
  });

  it('agree with a dynamic-programming reference on random globs and names', () => {
    const alphabet = fc.constantFrom('a', 'b', '*', '?', '[', ']', '!', '-', '😀');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 8 }), fc.array(alphabet, { maxLength: 10 }), (g, n) => {
        const parsed = parseGlob(g.join(''));
        if ('error' in parsed) return;
        expect(globMatches(parsed, n.join(''))).toBe(reference(parsed, n.join('')));
      }),
      { numRuns: 300 },
    );
  });

  it('end at once on the shapes that make a backtracking matcher run for ever', () => {
    const name = 'a'.repeat(60);
    const long = 'a'.repeat(100_000);
    const started = Date.now();
    expect(match(`${'*a'.repeat(14)}*b`, name)).toBe(false);
    expect(match(`${'*a'.repeat(200)}*b`, long)).toBe(false);
    expect(match(`${'?'.repeat(300)}*b`, long)).toBe(false);
    expect(match('*'.repeat(10_000) + 'b', long)).toBe(false);
    expect(match(`*${'a'.repeat(300)}`, long)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000); // a generous bound: the old RegExp took minutes
  });
});

describe('the selectors of the commands', () => {
  const desired = (name: string) => ({ name }) as DesiredMonitor;

  it('--target and --replace: a pattern that selects nothing is refused with the near names or the unmanaged one', () => {
    const names = { desired: [desired('shop: checkout'), desired('api [eu]')], records: [], live: [] };
    const live = [{ id: 'mon_9', name: 'legacy ping' } as LiveMonitor];
    expect(() => selectTargets([], ['shop: chekout'], names)).toThrow(
      '--target "shop: chekout" matches no monitor of the YAML or the lock file; did you mean "shop: checkout"?',
    );
    expect(() => selectTargets([], ['legacy *'], { ...names, live })).toThrow(
      'names only monitors this repository does not manage ("legacy ping", mon_9',
    );
    expect(() => selectTargets([], ['x [z-a]'], names)).toThrow(
      '--target "x [z-a]" is not a valid glob (the range z-a runs backwards (write [a-z])) and is no monitor\'s name',
    );
    expect([...forcedNames(names.desired, ['api [eu]'], undefined)]).toEqual(['api [eu]']);
    expect(() => forcedNames(names.desired, ['shop: chekout'], undefined)).toThrow('did you mean "shop: checkout"?');
  });

  it('status --name selects rows by their YAML or server name, and refuses a pattern that selects none', () => {
    const rows = [{ name: 'api [eu]', live_name: 'api (eu)' }] as StatusRow[];
    expect(selectByName(rows, [], ['api (eu)']).rows).toEqual(rows);
    expect(selectByName(rows, [], ['api [eu]']).rows).toEqual(rows);
    expect(() => selectByName(rows, [], ['api [us]'])).toThrow('--name "api [us]" matches no managed monitor');
  });
});
