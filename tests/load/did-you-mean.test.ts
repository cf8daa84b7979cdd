import { describe, expect, it } from 'vitest';
import { closest, closestName } from '../../src/model/did-you-mean.js';
import { editDistance } from '../../src/model/edit-distance.js';
import { ITEM_KEYS } from '../../src/load/suggest/candidates.js';

describe('did you mean', () => {
  it('edit distance: insert, delete, change, and a swap of two neighbours, one edit each', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
    expect(editDistance('prot', 'port')).toBe(1);
    expect(editDistance('keywrod', 'keyword')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('ca', 'abc')).toBe(3); // optimal string alignment: a swapped pair is not edited again
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
    ['prot', 'port'],
    ['keywrod', 'keyword'],
    ['metohd', 'method'],
    ['expected_status', undefined], // two fields start with it: no guess
    ['colour', undefined],
    ['x', undefined],
  ])('%s -> %s', (word, expected) => {
    expect(closest(word, ITEM_KEYS)).toBe(expected);
  });
});

describe('did you mean, for names (environments)', () => {
  const ENVS = ['staging', 'production', 'development'];
  it.each([
    ['prod', 'production'],
    ['stage', 'staging'],
    ['stg', 'staging'],
    ['prd', 'production'],
    ['Staging', 'staging'],
    ['dev', 'development'],
    ['qa', undefined],
    ['s', undefined],
  ])('%s -> %s', (word, expected) => {
    expect(closestName(word, ENVS)).toBe(expected);
  });
});
