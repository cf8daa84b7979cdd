// canonicalJson is JSON.stringify with every object's keys sorted, written in one pass:
// the same text as the two-step form (sort into new objects, then stringify) it replaces,
// so fingerprints in existing lock files and saved plans stay valid.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { canonicalJson, canonicalJsonPick } from '../../src/model/canonical-json.js';
import { inputFingerprint, liveLine } from '../../src/plan/fingerprint.js';
import { normalizeInput } from '../../src/plan/normalize.js';
import { MONITOR_FIELDS, SECRET_FIELDS } from '../../src/schema/monitor-input-schema.js';
import { input, liveOf } from './fixtures.js';

function twoStep(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v).sort()) {
        const member = (v as Record<string, unknown>)[key];
        if (member !== undefined) out[key] = sortKeys(member);
      }
      return out;
    }
    return v;
  };
  return JSON.stringify(sortKeys(value));
}

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves arrays in order', () => {
    expect(canonicalJson({ b: [2, 1, { d: 1, c: 2 }], a: null, é: 'x' })).toBe(
      '{"a":null,"b":[2,1,{"c":2,"d":1}],"é":"x"}',
    );
  });

  it('puts array-index keys first, in numeric order, as the object JSON.stringify was given did', () => {
    const value = { b: 1, 10: 2, '': 3, 9: 4, '01': 5, 4294967295: 6 };
    expect(canonicalJson(value)).toBe(twoStep(value));
    expect(canonicalJson(value)).toBe('{"9":4,"10":2,"":3,"01":5,"4294967295":6,"b":1}');
  });

  it('escapes what JSON.stringify escapes', () => {
    const text = 'quote " backslash \\ newline \n tab \t nul \u0000 lone \ud800 pair 😀 del \u007f';
    expect(canonicalJson({ [text]: text })).toBe(JSON.stringify({ [text]: text }));
  });

  it('writes undefined, functions, non-finite numbers and -0 as JSON.stringify does', () => {
    const value = { a: undefined, b: () => 1, c: [undefined, () => 1, Number.NaN, Infinity, -0], d: new Date(0) };
    expect(canonicalJson(value)).toBe(twoStep(value));
    expect(canonicalJson(value)).toBe('{"c":[null,null,null,null,0],"d":{}}');
  });

  it('gives the text of the two-step form for any JSON value', () => {
    // __proto__ is left out: the two-step form lost it (an assignment, not a key); no
    // monitor field, lock field or live field planned from has that name.
    const json = fc.jsonValue().filter((v) => !JSON.stringify(v).includes('"__proto__"'));
    fc.assert(
      fc.property(json, (value) => canonicalJson(value) === twoStep(value)),
      { numRuns: 500 },
    );
  });
});

describe('canonicalJsonPick', () => {
  const pick = (value: Record<string, unknown>, keys: readonly string[]) =>
    Object.fromEntries(Object.entries(value).filter(([k]) => keys.includes(k)));

  it('is canonicalJson of the object holding only the named members', () => {
    const keys = ['a', 'b', 'c', 'zz'];
    const member = fc.oneof(fc.jsonValue(), fc.constant(undefined));
    const object = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'zz', 'toString'), member);
    fc.assert(
      fc.property(object, (value) => canonicalJsonPick(value, keys) === canonicalJson(pick(value, keys))),
      { numRuns: 300 },
    );
  });

  it('gives the fingerprints made before: a canonical input without its secrets, the planned-from fields of a live monitor', () => {
    const canonical = normalizeInput(
      input('alpha', {
        auth_type: 'bearer',
        auth_secret: 's3cret',
        tags: 'b,a',
        locations: ['us-east', 'eu-west'],
        headers: 'X-A: 1',
      }),
    );
    const withoutSecrets = pick(
      canonical,
      MONITOR_FIELDS.filter((f) => !SECRET_FIELDS.includes(f)),
    );
    expect(inputFingerprint(canonical)).toBe(
      `sha256:${createHash('sha256').update(canonicalJson(withoutSecrets)).digest('base64url')}`,
    );
    const live = liveOf('01HZ0000000000000000000001', input('alpha'), 'full', {
      status: 'down',
      uptime: 99.9,
      last_check_at: null,
    });
    expect(liveLine(live)).toBe(canonicalJson(pick(live, ['id', 'updated_at', ...MONITOR_FIELDS])));
  });
});
