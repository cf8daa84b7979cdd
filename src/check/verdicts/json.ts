// json: the body parses as JSON, and the value at json_pointer passes json_operator.
// json_expected is text. A value equals it when the value is that very string, or when the
// text read as JSON is the same value (so "42" equals 42 and "42", "true" equals true,
// "{\"a\":1}" equals {"a":1} in any key order; "ok" equals the string ok).
import { isDeepStrictEqual } from 'node:util';
import { resolvePointer } from './json-pointer.js';

export interface JsonRule {
  pointer: string;
  operator: 'equals' | 'not_equals' | 'exists' | 'not_exists';
  expected: string | null;
  /** json_expected as it may be printed (its template when it came from the environment). */
  shownExpected: string;
}

export function jsonVerdict(text: string, rule: JsonRule): { ok: boolean; detail: string } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { ok: false, detail: 'the body is not JSON' };
  }
  const at = resolvePointer(document, rule.pointer);
  const where = rule.pointer === '' ? 'the document' : JSON.stringify(rule.pointer);
  switch (rule.operator) {
    case 'exists':
      return at.found ? { ok: true, detail: `${where} exists` } : { ok: false, detail: `nothing at ${where}` };
    case 'not_exists':
      return at.found
        ? { ok: false, detail: `${where} exists, expected not to` }
        : { ok: true, detail: `nothing at ${where}, as expected` };
    case 'equals':
    case 'not_equals': {
      // A value that is missing equals nothing, and is no sign of health either: both fail.
      if (!at.found) return { ok: false, detail: `nothing at ${where}` };
      const same = jsonEquals(at.value, rule.expected ?? '');
      const expected = JSON.stringify(rule.shownExpected);
      if (rule.operator === 'equals')
        return same
          ? { ok: true, detail: `${where} equals ${expected}` }
          : { ok: false, detail: `${where} is ${brief(at.value)}, expected ${expected}` };
      return same
        ? { ok: false, detail: `${where} equals ${expected}, expected another value` }
        : { ok: true, detail: `${where} is not ${expected}` };
    }
  }
}

export function jsonEquals(value: unknown, expected: string): boolean {
  if (value === expected) return true;
  try {
    return isDeepStrictEqual(JSON.parse(expected), value);
  } catch {
    return false;
  }
}

/** A value from the server, short: never a whole document in a one-line result. */
function brief(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
