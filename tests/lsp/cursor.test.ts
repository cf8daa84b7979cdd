// Where the cursor is, read from the lines alone (src/lsp/cursor.ts): enclosing keys, the
// key whose value the cursor is in, and the reference under it, in files being typed.
import { describe, expect, it } from 'vitest';
import { cursorAt, referenceAt } from '../../src/lsp/cursor.js';

const at = (text: string) => cursorAt(text.replace('|', ''), text.indexOf('|'));

describe('cursorAt', () => {
  it('reads the enclosing keys by indentation, list items included', () => {
    expect(at('monitors:\n  - name: a\n    retry_c|ount: 2\n')).toMatchObject({
      path: ['monitors', '-'],
      atKey: true,
      valueOf: undefined,
    });
    expect(at('monitors:\n  - name: a\n    |\n').path).toEqual(['monitors', '-']);
    expect(at('monitors:\n  - na|me: a\n').path).toEqual(['monitors', '-']);
    expect(at('defaults:\n  type: |\n')).toMatchObject({ path: ['defaults'], valueOf: 'type' });
    expect(at('settings:\n  environments:\n    staging:\n      |\n').path).toEqual([
      'settings',
      'environments',
      'staging',
    ]);
    expect(at('monitors:\n  - name: a\n    for_each:\n      region: [a]\n    |\n').path).toEqual(['monitors', '-']);
  });

  it('finds a reference, closed or being typed, and nothing outside one', () => {
    expect(referenceAt('url: ${var.dom}/x', 9)).toEqual({ kind: 'var', name: 'dom', start: 5, end: 15 });
    expect(referenceAt('url: ${each.', 12)).toEqual({ kind: 'each', name: '', start: 5, end: 12 });
    expect(referenceAt('a: ${env:TOKEN}', 10)?.kind).toBe('env');
    expect(referenceAt('a: ${var.x} b', 12)).toBeUndefined();
    expect(referenceAt('a: ${var.x\nb: 1', 13)).toBeUndefined();
  });
});
