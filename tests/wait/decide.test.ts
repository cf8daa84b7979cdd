// The pure decisions of `apply --wait`: when a reading ends a monitor's wait, how statuses
// outside the spec are read, the polling schedule, GET-or-listing, and what fails the run.
import { describe, expect, it } from 'vitest';
import type { LiveMonitor } from '../../src/model/monitor.js';
import { assess, failureOf, nextPollDelay, readByListing, type WaitTarget } from '../../src/wait/decide.js';
import { formatDuration, parseDuration } from '../../src/wait/duration.js';
import { parseFailOn, statusOf } from '../../src/wait/status.js';

const created: WaitTarget = { id: 'A', name: 'a', action: 'create' };
const replaced: WaitTarget = { id: 'B', name: 'b', action: 'replace' };
const T = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T00:00:05.000Z';

function monitor(fields: Partial<LiveMonitor> & Record<string, unknown>): LiveMonitor {
  return {
    id: 'A',
    name: 'a',
    type: 'http',
    url: 'https://example.com/',
    method: 'GET',
    status: 'pending',
    interval_seconds: 300,
    timeout_seconds: 10,
    created_at: T,
    updated_at: T,
    ...fields,
  };
}

describe('assess: does this reading end the wait?', () => {
  it('a created monitor waits while pending and settles on any other status', () => {
    expect(assess(created, monitor({ status: 'pending', last_check_at: null }))).toMatchObject({
      settled: false,
      status: { key: 'pending' },
    });
    for (const status of ['up', 'degraded', 'down', 'paused', 'maintenance', 'awaiting_allowlist']) {
      expect(assess(created, monitor({ status, last_check_at: LATER })).settled, status).toBe(true);
    }
  });

  it('a replaced monitor showing a check result from before the change waits for a check after it', () => {
    expect(assess(replaced, monitor({ status: 'up', updated_at: LATER, last_check_at: T }))).toMatchObject({
      settled: false,
      checkedSinceChange: false,
      lastCheckAt: T,
    });
    expect(assess(replaced, monitor({ status: 'down', updated_at: LATER, last_check_at: LATER }))).toMatchObject({
      settled: true,
      checkedSinceChange: true,
    });
    expect(assess(replaced, monitor({ status: 'up', updated_at: LATER, last_check_at: null })).settled).toBe(false);
  });

  it('a replaced monitor settles on its status alone when the server does not give last_check_at (an optional field) or gives unreadable times', () => {
    const withoutTimes = assess(replaced, monitor({ status: 'up', updated_at: LATER }));
    expect(withoutTimes).toMatchObject({ settled: true });
    expect(withoutTimes.checkedSinceChange).toBeUndefined();
    expect(assess(replaced, monitor({ status: 'up', updated_at: 'yesterday', last_check_at: T })).settled).toBe(true);
  });

  it('a replaced monitor in a state no check sets (paused, maintenance, awaiting_allowlist) settles at once', () => {
    for (const status of ['paused', 'maintenance', 'awaiting_allowlist']) {
      expect(assess(replaced, monitor({ status, updated_at: LATER, last_check_at: T })).settled, status).toBe(true);
    }
  });

  it('reads other spellings of spec statuses as those, and any other status as unknown (settled, shown as sent)', () => {
    expect(statusOf('UP')).toEqual({ key: 'up', shown: 'UP' });
    expect(statusOf(' Awaiting-Allowlist ')).toEqual({ key: 'awaiting_allowlist', shown: ' Awaiting-Allowlist ' });
    expect(statusOf('awaiting allowlist').key).toBe('awaiting_allowlist');
    expect(statusOf('Pending').key).toBe('pending');
    expect(statusOf('active')).toEqual({ key: 'unknown', shown: 'active' });
    expect(statusOf(undefined)).toEqual({ key: 'unknown', shown: '(none)' });
    expect(statusOf(3)).toEqual({ key: 'unknown', shown: '3' });
    expect(assess(created, monitor({ status: 'initialising' }))).toMatchObject({
      settled: true,
      status: { key: 'unknown', shown: 'initialising' },
    });
    expect(assess(created, monitor({ status: 'PENDING' })).settled).toBe(false);
  });
});

describe('the polling schedule', () => {
  it('reads at once, then after 2 s, growing 1.5 times a round up to 15 s, the last read on the deadline', () => {
    const start = 1_000_000;
    const deadline = start + 60_000;
    const reads = [start];
    for (let round = 0, now = start; ; round++) {
      const delay = nextPollDelay(round, now, deadline);
      if (delay === undefined) break;
      now += delay;
      reads.push(now);
    }
    expect(reads.map((t) => (t - start) / 1000)).toEqual([0, 2, 5, 9.5, 16.25, 26.375, 41.375, 56.375, 60]);
  });

  it('stops when the time is up, and a wait of 0 reads once', () => {
    expect(nextPollDelay(0, 5000, 5000)).toBeUndefined();
    expect(nextPollDelay(3, 6000, 5000)).toBeUndefined();
    expect(nextPollDelay(20, 0, 1_000_000)).toBe(15_000);
  });

  it('reads one by one while that costs no more requests than the listing', () => {
    expect(readByListing(1, 0)).toBe(false);
    expect(readByListing(2, 50)).toBe(true);
    expect(readByListing(3, 300)).toBe(false);
    expect(readByListing(4, 300)).toBe(true);
    expect(readByListing(40, 10_000)).toBe(false);
    expect(readByListing(101, 10_000)).toBe(true);
  });
});

describe('what fails the wait', () => {
  const state = (status: string | undefined, extra: Record<string, unknown> = {}) => ({
    target: created,
    ...(status ? { assessment: { status: statusOf(status), settled: status !== 'pending' } } : {}),
    ...extra,
  });

  it('a monitor whose final status is listed, unknown when it is outside the spec, pending when the time ran out', () => {
    expect(failureOf(state('down'), ['down'])).toBe('down');
    expect(failureOf(state('degraded'), ['down'])).toBeUndefined();
    expect(failureOf(state('degraded'), ['down', 'degraded'])).toBe('degraded');
    expect(failureOf(state('Active'), ['down'])).toBeUndefined();
    expect(failureOf(state('Active'), ['unknown'])).toBe('unknown');
    expect(failureOf(state('pending'), ['down'])).toBeUndefined();
    expect(failureOf(state('pending'), ['pending'])).toBe('pending');
    expect(failureOf(state('down'), [])).toBeUndefined();
  });

  it('a monitor never read fails it; one deleted meanwhile does not', () => {
    expect(failureOf(state(undefined, { error: 'HTTP 503' }), [])).toBe('its status could not be read (HTTP 503)');
    expect(failureOf(state(undefined, { gone: true }), ['down'])).toBeUndefined();
  });

  it('parses --wait-fail-on lists, spelled loosely, and refuses anything else', () => {
    expect(parseFailOn('down,degraded')).toEqual(['down', 'degraded']);
    expect(parseFailOn(' Down , awaiting-allowlist,unknown,down')).toEqual(['down', 'awaiting_allowlist', 'unknown']);
    expect(parseFailOn('none')).toEqual([]);
    expect(() => parseFailOn('down,broken')).toThrow(
      '--wait-fail-on takes a comma-separated list of pending, up, degraded, down, paused, maintenance, awaiting_allowlist, unknown (or "none"), not "down,broken"',
    );
    expect(() => parseFailOn('')).toThrow(/--wait-fail-on takes/);
  });
});

describe('wait durations', () => {
  it('accept 90, 90s, 5m, 1m30s, 1h and 0; refuse other forms and more than 6h', () => {
    expect(['90', '90s', '5m', '1m30s', '1h', '0', ' 2M ', '1h0m5s'].map((d) => parseDuration(d))).toEqual([
      90_000, 90_000, 300_000, 90_000, 3_600_000, 0, 120_000, 3_605_000,
    ]);
    for (const bad of ['', 's', '5 m', '1.5m', '-1s', '5x', '7h', 'm5'])
      expect(() => parseDuration(bad), bad).toThrow(/--wait takes a duration such as 90s, 5m/);
  });

  it('print for people', () => {
    expect([0, 1500, 2000, 59_000, 90_000, 300_000, 3_605_000].map(formatDuration)).toEqual([
      '0s',
      '1.5s',
      '2s',
      '59s',
      '1m30s',
      '5m',
      '1h5s',
    ]);
  });
});
