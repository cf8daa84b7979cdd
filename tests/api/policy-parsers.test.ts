import { describe, expect, it } from 'vitest';
import { fieldName, fieldPath } from '../../src/api/error-body.js';
import { conflictKind, parseRetryAfter, sharedPauseMs } from '../../src/api/retry-policy.js';

describe('conflictKind', () => {
  it.each([
    ['idempotency_request_in_progress', undefined, 'in_progress'],
    [undefined, 'a request with this Idempotency-Key is still being processed', 'in_progress'],
    [undefined, 'The original request is still running', 'in_progress'],
    ['idempotency_key_reused', 'the original request is still running with another body', 'key_reused'],
    [undefined, 'Key was used with a different payload', 'key_reused'],
    [
      undefined,
      'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      'key_reused',
    ],
    [undefined, 'A request is outstanding for this Idempotency-Key', 'in_progress'],
    ['conflict', 'The first request with this key has not finished yet', 'in_progress'],
    ['conflict', 'Conflict', 'unknown'],
    [undefined, undefined, 'unknown'],
  ])('code %s, message %s -> %s', (code, message, kind) => {
    expect(conflictKind(code, message)).toBe(kind);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['3', 3000],
    [' 0 ', 0],
    ['Thu, 01 Jan 2026 00:00:05 GMT', 5000],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0], // a date in the past: no floor
    ['soon', undefined],
    ['-1', undefined],
    ['1.5', 1500],
    [undefined, undefined],
  ])('%s -> %s ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
});

describe('fieldName', () => {
  it.each([
    ['/port', 'port'],
    ['/data/body', 'body'],
    ['body', 'body'],
    ['body.timeout_seconds', 'timeout_seconds'],
    [['body', 'locations', 2], 'locations'],
    ['data.locations[2]', 'locations'],
    ['something_new', 'something_new'],
    [42, ''],
  ])('%j -> %s', (where, field) => {
    expect(fieldName(where)).toBe(field);
  });
});

describe('fieldPath', () => {
  it.each([
    ['/port', undefined],
    ['/locations/2', ['locations', 2]],
    ['data.locations[2]', ['locations', 2]],
    [
      ['body', 'locations', 2],
      ['locations', 2],
    ],
    ['/data/attributes/url', undefined],
    ['something_new/1', undefined],
  ])('%j -> %j', (where, path) => {
    expect(fieldPath(where)).toEqual(path);
  });
});

describe('sharedPauseMs', () => {
  it("a 429 holds back every request for its Retry-After, or a first step without one: never more for the refused request's earlier failures", () => {
    expect(sharedPauseMs(3000, { baseMs: 100, maxMs: 2000 })).toBe(3000);
    expect(sharedPauseMs(undefined, { baseMs: 100, maxMs: 2000 })).toBe(50);
    expect(sharedPauseMs(61_000, { baseMs: 100, maxMs: 2000 })).toBeUndefined();
  });
});
