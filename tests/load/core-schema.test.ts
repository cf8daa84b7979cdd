// The fast path's core schema (one implicit type choosing by the first character) against
// `yaml`'s YAML 1.2 core schema, which is the authority: every plain scalar means the same
// to both, whatever its text, and in any order (the type keeps its last answer between
// js-yaml's resolve and construct).
import fc from 'fast-check';
import jsyaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { isScalar, parseDocument } from 'yaml';
import { YAML_CORE_SCHEMA } from '../../src/load/parse/core-schema.js';

/** What `yaml` makes of `text` as a document of one plain scalar; undefined when it is not one. */
function yamlPlainScalar(text: string): { value: unknown } | undefined {
  const doc = parseDocument(text, { schema: 'core' });
  if (doc.errors.length > 0 || !isScalar(doc.contents) || doc.contents.type !== 'PLAIN') return undefined;
  return { value: doc.contents.value };
}

const fast = (text: string): unknown => jsyaml.load(text, { schema: YAML_CORE_SCHEMA });

// The characters every core type's text is made of, and a few that make words.
const SCALAR_CHARACTERS = [...'0123456789+-._eEoxXabcdfABCDFinfNaINFtrueTRUEalsSLnulNUL~yYwW'];

describe("the fast path's core schema", () => {
  it('reads every plain scalar as yaml does, in any order', () => {
    const scalar = fc
      .array(fc.constantFrom(...SCALAR_CHARACTERS), { minLength: 1, maxLength: 8 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(fc.array(scalar, { minLength: 1, maxLength: 6 }), (texts) => {
        for (const text of texts) {
          const exact = yamlPlainScalar(text);
          if (exact === undefined) continue;
          expect(Object.is(fast(text), exact.value) || fast(text) === exact.value, text).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['~', null],
    ['null', null],
    ['Null', null],
    ['NULL', null],
    ['nULL', 'nULL'],
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['tRUE', 'tRUE'],
    ['false', false],
    ['FALSE', false],
    ['yes', 'yes'],
    ['0o17', 15],
    ['0x1F', 31],
    ['-12', -12],
    ['+12', 12],
    ['012', 12],
    ['1_000', '1_000'],
    ['0b1', '0b1'],
    ['1.5e3', 1500],
    ['.5', 0.5],
    ['-.inf', -Infinity],
    ['.NaN', NaN],
    ['2026-11-27', '2026-11-27'],
    ['name', 'name'],
  ])('%s is %s', (text, value) => {
    expect(Object.is(fast(text), value)).toBe(true);
    expect(Object.is(yamlPlainScalar(text)?.value, value)).toBe(true);
  });

  it('an empty value is null, in a mapping as at the top', () => {
    expect(fast('a:\nb: ~\n')).toEqual({ a: null, b: null });
  });
});
