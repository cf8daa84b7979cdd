// The one answer of `export --name/--id` when selected monitors clash with the repository
// (issue 37, point 11): a monitor only listed under removed: is not "already managed"; its
// code, detail and hint all say removed: and how to adopt it.
import { describe, expect, it } from 'vitest';
import type { Clash } from '../../../src/export/adopt/managed.js';
import { clashError } from '../../../src/export/adopt/run-adopt.js';

const problem = { file: 'monitors/a.yaml', line: 3, col: 5, severity: 'error' as const, code: 'x', message: 'm' };
const removed = (id: string): Clash => ({ id, problem, removed: true });
const managed = (id: string): Clash => ({ id, problem });

describe('clashError', () => {
  it('only removed: entries: their own code, and detail and hint say removed:', () => {
    const error = clashError([removed('A'), removed('B')]);
    expect(error.code).toBe('EXPORT_LISTED_AS_REMOVED');
    expect(error.message).toBe(
      '2 selected monitors are listed under removed: (this repository forgets them; listed above); nothing was written',
    );
    expect(error.hint).toContain('delete their removed: entries');
    expect(`${error.message} ${error.hint}`).not.toContain('already managed');
  });

  it('managed monitors: already managed, with the removed: ones counted apart', () => {
    const error = clashError([managed('A'), removed('B')]);
    expect(error.code).toBe('EXPORT_ALREADY_MANAGED');
    expect(error.message).toBe(
      'a selected monitor is already managed by this repository, and 1 listed under removed: (listed above); nothing was written',
    );
    expect(error.hint).toContain('adopted once its entry is deleted');
  });

  it('a monitor listed under removed: that still has its lock record is managed (the forget is not applied yet)', () => {
    const error = clashError([removed('A'), managed('A')]);
    expect(error.code).toBe('EXPORT_ALREADY_MANAGED');
    expect(error.message).toBe(
      'a selected monitor is already managed by this repository (listed above); nothing was written',
    );
  });
});
