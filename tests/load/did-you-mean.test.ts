import { describe, expect, it } from 'vitest';
import { closest, levenshtein } from '../../src/load/did-you-mean.js';
import { ITEM_KEYS } from '../../src/load/candidates.js';

describe('did you mean', () => {
  it('levenshtein distance', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('same', 'same')).toBe(0);
  });

  it.each([
    ['timeout', 'timeout_seconds'],
    ['timeoutSeconds', 'timeout_seconds'],
    ['interval-seconds', 'interval_seconds'],
    ['Keyword', 'keyword'],
    ['json_operater', 'json_operator'],
    ['retries_count', 'retry_count'],
    ['heartbeat_grace', 'heartbeat_grace_seconds'],
    ['locaitons', 'locations'],
    ['expected_status', undefined], // two fields start with it: no guess
    ['colour', undefined],
    ['x', undefined],
  ])('%s -> %s', (word, expected) => {
    expect(closest(word, ITEM_KEYS)).toBe(expected);
  });
});
