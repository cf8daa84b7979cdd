// The parts of "did you mean" that the CLI's options, paths, discover's annotations and the
// reference grammar choose their suggestions with (src/model/did-you-mean.ts).
import { describe, expect, it } from 'vitest';
import { allowedEdits, nearest, withinReach } from '../../src/model/did-you-mean.js';

describe('the reach of a suggestion', () => {
  it('allows a quarter of the word in edits, at least one', () => {
    expect([1, 4, 7, 8, 12].map((n) => allowedEdits('x'.repeat(n)))).toEqual([1, 1, 1, 2, 3]);
  });

  it('nearest: the first of the nearest, only within reach', () => {
    expect(nearest('prot', ['port', 'path'])).toBe('port');
    expect(nearest('ab', ['ax', 'ay'])).toBe('ax'); // a tie: the first
    expect(nearest('colour', ['color', 'column'], { maxEdits: 0 })).toBeUndefined();
    expect(nearest('vra', ['var', 'each', 'env'], { maxEdits: 1 })).toBe('var');
    expect(nearest('zzz', ['var', 'each', 'env'], { maxEdits: 1 })).toBeUndefined();
    expect(nearest('x', [])).toBeUndefined();
  });

  it('compares candidates as spelled, lower-cased when asked, with the reach of the word as typed', () => {
    const entries = [{ name: 'Monitors' }, { name: 'docs' }];
    expect(nearest('monitor', entries, { spelled: (e) => e.name, ignoreCase: true })).toBe(entries[0]);
    expect(nearest('monitor', entries, { spelled: (e) => e.name })).toBeUndefined();
  });

  it('withinReach: every candidate within reach, in the order given', () => {
    expect(withinReach('formt', ['--force', '--format', '--form'], { spelled: (s) => s.replace(/^--/, '') })).toEqual([
      '--format',
      '--form',
    ]);
    expect(withinReach('FORMAT', ['--format'], { spelled: (s) => s.slice(2), ignoreCase: true })).toEqual(['--format']);
    expect(withinReach('FORMAT', ['--format'], { spelled: (s) => s.slice(2) })).toEqual([]);
  });
});
