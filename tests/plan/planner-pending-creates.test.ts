// The lock's creates in flight, settled from the listing by the pure planner: a monitor the
// interrupted apply made is the repository's (replaced once, or deleted when the YAML no
// longer has it); anything that cannot be that create's is left alone.
import { describe, expect, it } from 'vitest';
import { planDestroy } from '../../src/destroy/plan-destroy.js';
import type { LockFile, PendingCreate } from '../../src/lock/types.js';
import { assembleStatus } from '../../src/status/assemble.js';
import type { DesiredState } from '../../src/model/monitor.js';
import { CLOCK_SKEW_MS } from '../../src/plan/pending-creates.js';
import { NOW, desired, input, liveOf, lockOf, monitorId, plan, recordOf, state, thrown } from './fixtures.js';

const X = monitorId(1);
const Y = monitorId(2);
const KEEP = monitorId(3);
const keep = desired('keep');
const since = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
const entry = (name: string, at = since(-1000)): PendingCreate => ({ name, key: `mon1.create.${name}.g0`, since: at });
const withPending = (lock: LockFile, ...entries: PendingCreate[]): LockFile => ({ ...lock, pending_creates: entries });
/** The lock of an apply killed with the create of svc-4 in flight: keep recorded, svc-4 announced. */
const killedLock = (at?: string) => withPending(lockOf([recordOf(KEEP, keep)]), entry('svc-4', at));
const live = (...more: ReturnType<typeof liveOf>[]) => [liveOf(KEEP, input('keep'), 'spec'), ...more];
const svc4 = (id = X, extras: Record<string, unknown> = {}) => liveOf(id, input('svc-4'), 'spec', extras);
const withRemoved = (s: DesiredState, name: string): DesiredState => ({
  ...s,
  removed: [{ name, source: { file: 'monitors/main.yaml', line: 9, col: 5 } }],
});

describe('planner: creates in flight left in the lock', () => {
  it('the YAML dropped it: the monitor the create made is deleted, saying why', () => {
    const p = plan(state([keep]), live(svc4()), killedLock());
    expect(p.changes).toEqual([
      expect.objectContaining({
        action: 'delete',
        name: 'svc-4',
        id: X,
        reason: 'removed',
        reason_text: 'removed from the YAML; created by an apply that was interrupted before recording it',
      }),
    ]);
    expect(p.unmanaged).toEqual([]);
    expect(p.pending_creates).toEqual([{ key: 'mon1.create.svc-4.g0', name: 'svc-4', id: X }]);
    expect(p.notes[0]).toContain(`"svc-4" (${X}) was created by an apply that was interrupted before recording it`);
  });

  it('the YAML still wants it: replaced once as not verifiable, never created again', () => {
    const p = plan(state([keep, desired('svc-4')]), live(svc4()), killedLock());
    expect(p.changes).toEqual([
      expect.objectContaining({
        action: 'replace',
        id: X,
        reason: 'not_verifiable',
        reason_text:
          'not verifiable: created by an apply that was interrupted before recording it, and the listing cannot show every field, so it is replaced once',
      }),
    ]);
    expect(p.pending_creates).toEqual([{ key: 'mon1.create.svc-4.g0', name: 'svc-4', id: X }]);
  });

  it('no monitor of that name: the create never took; the entry is dropped and nothing changes', () => {
    const p = plan(state([keep]), live(), killedLock());
    expect(p.changes).toEqual([]);
    expect(p.pending_creates).toEqual([{ key: 'mon1.create.svc-4.g0', name: 'svc-4', id: null }]);
    expect(p.notes).toEqual([
      `"svc-4" was being created by an apply that was interrupted or never heard back (the lock file has said so since ${since(-1000)}); no monitor has that name: the create never took, and the entry is dropped.`,
    ]);
  });

  it('recorded after all (killed after the record, before the entry went): the entry goes without a word', () => {
    const lock = withPending(lockOf([recordOf(KEEP, keep), recordOf(X, desired('svc-4'))]), entry('svc-4'));
    const p = plan(state([keep]), live(svc4()), lock);
    expect(p.changes.map((c) => [c.action, c.id, c.reason_text])).toEqual([['delete', X, 'removed from the YAML']]);
    expect(p.pending_creates).toEqual([{ key: 'mon1.create.svc-4.g0', name: 'svc-4', id: null }]);
    expect(p.notes).toEqual([]);
  });

  it('a monitor of that name older than the entry is not that create: left unmanaged', () => {
    // The server's clock may run a little behind: within CLOCK_SKEW_MS it is still the create's.
    const skewed = plan(state([keep]), live(svc4()), killedLock(since(CLOCK_SKEW_MS - 1000)));
    expect(skewed.changes.map((c) => c.action)).toEqual(['delete']);
    const older = plan(state([keep]), live(svc4()), killedLock(since(CLOCK_SKEW_MS + 1000)));
    expect(older.changes).toEqual([]);
    expect(older.unmanaged).toEqual([{ id: X, name: 'svc-4' }]);
    expect(older.pending_creates).toEqual([{ key: 'mon1.create.svc-4.g0', name: 'svc-4', id: null }]);
    expect(older.notes[0]).toContain(`${X} of that name was created at ${NOW}, before that apply began`);
  });

  it('a server that gives no created_at: the monitor cannot be told from a dashboard one, and is left alone', () => {
    const p = plan(state([keep]), live(svc4(X, { created_at: undefined })), killedLock());
    expect(p.changes).toEqual([]);
    expect(p.unmanaged).toEqual([{ id: X, name: 'svc-4' }]);
    expect(p.notes[0]).toContain(`the server gives no creation time for ${X}`);
  });

  it('one that shows another type, url, method, interval or timeout than the create sent is not that create', () => {
    const listed = { type: 'http', url: 'https://svc-4.example.com', method: 'GET', timeout_seconds: 10 };
    const sent = (over: Record<string, unknown>) =>
      withPending(lockOf([recordOf(KEEP, keep)]), {
        ...entry('svc-4'),
        listed: { ...listed, ...over },
      });
    // Compared by meaning: the "/" a server adds to a bare origin is no difference.
    expect(plan(state([keep]), live(svc4()), sent({})).changes.map((c) => [c.action, c.id])).toEqual([['delete', X]]);
    const other = plan(
      state([keep]),
      live(svc4()),
      sent({ url: 'https://elsewhere.example.com/', timeout_seconds: 30 }),
    );
    expect(other.changes).toEqual([]);
    expect(other.unmanaged).toEqual([{ id: X, name: 'svc-4' }]);
    expect(other.notes[0]).toContain(`${X} of that name shows another url, timeout_seconds than that create sent`);
  });

  it('two monitors of that name: neither is taken; wanted by the YAML, the usual PLAN_DUPLICATE_LIVE_NAME', () => {
    const p = plan(state([keep]), live(svc4(X), svc4(Y)), killedLock());
    expect(p.changes).toEqual([]);
    expect(p.unmanaged.map((u) => u.id)).toEqual([X, Y]);
    expect(p.notes[0]).toContain(`2 live monitors have that name (${X}, ${Y})`);
    const wanted = thrown(() => plan(state([keep, desired('svc-4')]), live(svc4(X), svc4(Y)), killedLock()));
    expect(wanted.code).toBe('PLAN_DUPLICATE_LIVE_NAME');
  });

  it('a `removed:` entry of that name forgets it: nothing is deleted', () => {
    const p = plan(withRemoved(state([keep]), 'svc-4'), live(svc4()), killedLock());
    expect(p.changes.map((c) => [c.action, c.id])).toEqual([['forget', X]]);
  });

  it('--target: an entry of a name not targeted is left in the lock, its monitor untouched', () => {
    const other = plan(state([keep]), live(svc4()), killedLock(), { targets: ['keep'] });
    expect(other.changes).toEqual([]);
    expect(other.pending_creates).toBeUndefined();
    expect(other.notes).toEqual([]);
    const targeted = plan(state([keep]), live(svc4()), killedLock(), { targets: ['svc-*'] });
    expect(targeted.changes.map((c) => [c.action, c.id])).toEqual([['delete', X]]);
    expect(targeted.pending_creates).toEqual([{ key: 'mon1.create.svc-4.g0', name: 'svc-4', id: X }]);
  });

  it('a lock without entries plans as before: no pending_creates in the plan', () => {
    const p = plan(state([keep]), live(svc4()), lockOf([recordOf(KEEP, keep)]));
    expect(p.changes).toEqual([]);
    expect(p.unmanaged).toEqual([{ id: X, name: 'svc-4' }]);
    expect(p).not.toHaveProperty('pending_creates');
  });
});

describe('destroy and status with creates in flight', () => {
  it('destroy deletes the monitor the create made too, and settles every entry', () => {
    const lock = withPending(lockOf([recordOf(KEEP, keep)]), entry('svc-4'), entry('never-took'));
    const p = planDestroy({ desired: state([keep]), live: live(svc4()), lock, lockShown: 'monitors.lock.json' });
    expect(p.changes.map((c) => [c.name, c.id, c.reason_text])).toEqual([
      ['keep', KEEP, 'destroy: every monitor the lock file manages is deleted'],
      [
        'svc-4',
        X,
        'destroy: every monitor the lock file manages is deleted; created by an apply that was interrupted before recording it',
      ],
    ]);
    expect(p.pending_creates).toEqual([
      { key: 'mon1.create.svc-4.g0', name: 'svc-4', id: X },
      { key: 'mon1.create.never-took.g0', name: 'never-took', id: null },
    ]);
  });

  it('status counts the monitor the create made as managed, as plan does', () => {
    const report = assembleStatus({
      desired: state([keep]),
      live: live(svc4()),
      lock: killedLock(),
      incidents: { read: true, incidents: [] },
    });
    expect(report.monitors.map((r) => [r.name, r.state])).toEqual([
      ['keep', 'live'],
      ['svc-4', 'not_in_yaml'],
    ]);
    expect(report.summary).toMatchObject({ managed: 2, unmanaged: 0 });
  });
});
