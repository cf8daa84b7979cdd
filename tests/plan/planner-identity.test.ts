// Identity: which live monitor a desired one is. Errors name the ids, never guess.
import { describe, expect, it } from 'vitest';
import { desired, input, liveOf, lockOf, monitorId, plan, recordOf, state, thrown } from './fixtures.js';

const X = monitorId(1);
const Y = monitorId(2);

describe('planner identity', () => {
  it('two live monitors with the wanted name: PLAN_DUPLICATE_LIVE_NAME naming both ids', () => {
    const error = thrown(() =>
      plan(
        state([desired('alpha')]),
        [liveOf(X, input('alpha'), 'spec'), liveOf(Y, input('alpha'), 'spec')],
        lockOf([]),
      ),
    );
    expect(error.code).toBe('PLAN_DUPLICATE_LIVE_NAME');
    expect(error.message).toContain(X);
    expect(error.message).toContain(Y);
    expect(error.hint).toContain('id:');
  });

  it('duplicate names nobody asks for are just unmanaged', () => {
    const p = plan(state([]), [liveOf(X, input('alpha'), 'spec'), liveOf(Y, input('alpha'), 'spec')], lockOf([]));
    expect(p.changes).toEqual([]);
    expect(p.unmanaged).toEqual([
      { id: X, name: 'alpha' },
      { id: Y, name: 'alpha' },
    ]);
  });

  it('with a lock file too: a second live monitor under a name the YAML asks for is PLAN_DUPLICATE_LIVE_NAME, saying which one the lock has', () => {
    const d = desired('alpha');
    const live = [liveOf(X, input('alpha'), 'spec'), liveOf(Y, input('alpha'), 'spec')];
    const error = thrown(() => plan(state([d]), live, lockOf([recordOf(Y, d)])));
    expect(error.code).toBe('PLAN_DUPLICATE_LIVE_NAME');
    expect(error.message).toBe(`two live monitors are named "alpha": ${X} and ${Y} (in the lock file)`);
    expect(error.hint).toContain(`id: ${Y}`);
    // An `id:` pin settles it: the other is listed, never touched.
    const pinned = plan(state([desired('alpha', {}, { pinnedId: Y })]), live, lockOf([recordOf(Y, d)]));
    expect(pinned.summary.unchanged).toBe(1);
    expect(pinned.unmanaged).toEqual([{ id: X, name: 'alpha' }]);
  });

  it("duplicates of a `moved` entry's old name are an error too, lock file or not", () => {
    const live = [liveOf(X, input('old'), 'spec'), liveOf(Y, input('old'), 'spec')];
    for (const lock of [lockOf([]), lockOf([recordOf(X, desired('old'))])]) {
      expect(thrown(() => plan(state([desired('new')], [{ from: 'old', to: 'new' }]), live, lock)).code).toBe(
        'PLAN_DUPLICATE_LIVE_NAME',
      );
    }
  });

  it('duplicates nobody asks for, one of them managed: the managed one is deleted by id, the other listed', () => {
    const p = plan(
      state([]),
      [liveOf(X, input('alpha'), 'spec'), liveOf(Y, input('alpha'), 'spec')],
      lockOf([recordOf(Y, desired('alpha'))]),
    );
    expect(p.changes.map((c) => [c.action, c.id])).toEqual([['delete', Y]]);
    expect(p.unmanaged).toEqual([{ id: X, name: 'alpha' }]);
  });

  it('a pinned id picks that monitor, even among duplicates or under another name', () => {
    const d = desired('alpha', {}, { pinnedId: Y });
    const p = plan(
      state([d]),
      [liveOf(X, input('alpha'), 'spec'), liveOf(Y, input('alpha', { name: 'alpha (old)' }), 'spec')],
      lockOf([recordOf(Y, d)]),
    );
    expect(p.changes).toEqual([
      expect.objectContaining({
        action: 'replace',
        id: Y,
        reason: 'drift',
        fields: [{ field: 'name', old: 'alpha (old)', new: 'alpha', oldKnown: true, oldSource: 'server' }],
      }),
    ]);
    expect(p.unmanaged).toEqual([{ id: X, name: 'alpha' }]);
  });

  it('a pinned id that does not exist: PLAN_PINNED_ID_MISSING', () => {
    const error = thrown(() =>
      plan(state([desired('alpha', {}, { pinnedId: Y })]), [liveOf(X, input('alpha'), 'spec')], lockOf([])),
    );
    expect(error.code).toBe('PLAN_PINNED_ID_MISSING');
    expect(error.message).toContain(Y);
  });

  it('a `moved` entry whose both ends exist live: PLAN_MOVED_BOTH_EXIST naming both ids', () => {
    const live = [liveOf(X, input('alpha'), 'spec'), liveOf(Y, input('beta'), 'spec')];
    const error = thrown(() =>
      plan(state([desired('beta')], [{ from: 'alpha', to: 'beta' }]), live, lockOf([recordOf(X, desired('alpha'))])),
    );
    expect(error.code).toBe('PLAN_MOVED_BOTH_EXIST');
    expect(error.message).toContain(X);
    expect(error.message).toContain(Y);
  });

  it('a `moved` entry plus an `id:` pin on the renamed monitor: still a rename of the pinned id', () => {
    const live = [liveOf(X, input('beta', { name: 'alpha' }), 'spec'), liveOf(Y, input('alpha'), 'spec')];
    const p = plan(
      state([desired('beta', {}, { pinnedId: X })], [{ from: 'alpha', to: 'beta' }]),
      live,
      lockOf([recordOf(X, desired('alpha', { url: 'https://beta.example.com/' }))]),
    );
    expect(p.changes).toEqual([
      expect.objectContaining({ action: 'replace', id: X, name: 'beta', previous_name: 'alpha', reason: 'renamed' }),
    ]);
    expect(p.unmanaged).toEqual([{ id: Y, name: 'alpha' }]);
  });

  it('a `moved` entry already carried out is harmless', () => {
    const d = desired('beta');
    const p = plan(
      state([d], [{ from: 'alpha', to: 'beta' }]),
      [liveOf(X, input('beta'), 'spec')],
      lockOf([recordOf(X, d)]),
    );
    expect(p.changes).toEqual([]);
    expect(p.summary.unchanged).toBe(1);
  });

  it('renamed out of band: matched through the lock record id, drift on name, no delete plus create', () => {
    const d = desired('alpha');
    const p = plan(
      state([d]),
      [liveOf(X, input('alpha', { name: 'renamed in dashboard' }), 'spec')],
      lockOf([recordOf(X, d)]),
    );
    expect(p.summary).toEqual({ create: 0, replace: 1, delete: 0, unchanged: 0 });
    expect(p.changes[0]).toMatchObject({
      action: 'replace',
      id: X,
      name: 'alpha',
      reason: 'drift',
      fields: [{ field: 'name', old: 'renamed in dashboard', new: 'alpha', oldKnown: true }],
    });
    expect(p.unmanaged).toEqual([]);
  });

  it('renamed out of band while another monitor took the name: PLAN_AMBIGUOUS_NAME naming both ids', () => {
    const d = desired('alpha');
    const live = [liveOf(X, input('alpha', { name: 'alpha (old)' }), 'spec'), liveOf(Y, input('alpha'), 'spec')];
    const error = thrown(() => plan(state([d]), live, lockOf([recordOf(X, d)])));
    expect(error.code).toBe('PLAN_AMBIGUOUS_NAME');
    expect(error.message).toContain(`${X} through the lock file (now named "alpha (old)")`);
    expect(error.message).toContain(`${Y} by its name`);
    expect(error.hint).toContain(`id: ${X}`);
    // Pinning settles it.
    const pinned = plan(state([desired('alpha', {}, { pinnedId: Y })]), live, lockOf([recordOf(X, d)]));
    expect(pinned.changes.map((c) => [c.action, c.id])).toEqual([
      ['replace', Y],
      ['delete', X],
    ]);
  });

  describe('names in another Unicode normal form (NFC vs NFD) are the same name', () => {
    const nfc = 'caf\u00e9 status';
    const nfd = 'cafe\u0301 status';

    it('matched without a lock record: replaced once, never created twice', () => {
      const p = plan(state([desired(nfd)]), [liveOf(X, input(nfd, { name: nfc }), 'spec')], lockOf([]));
      expect(p.changes).toEqual([expect.objectContaining({ action: 'replace', id: X, reason: 'not_verifiable' })]);
    });

    it('a server that stores names in NFC shows no perpetual rename', () => {
      const d = desired(nfd);
      const p = plan(state([d]), [liveOf(X, input(nfd, { name: nfc }), 'spec')], lockOf([recordOf(X, d)]));
      expect(p.changes).toEqual([]);
      expect(p.summary.unchanged).toBe(1);
    });

    it('two live monitors whose names differ only in normal form: PLAN_DUPLICATE_LIVE_NAME', () => {
      const error = thrown(() =>
        plan(state([desired(nfc)]), [liveOf(X, input(nfc), 'spec'), liveOf(Y, input(nfd), 'spec')], lockOf([])),
      );
      expect(error.code).toBe('PLAN_DUPLICATE_LIVE_NAME');
    });

    it('letter case still tells names apart', () => {
      const p = plan(state([desired('Alpha')]), [liveOf(X, input('alpha'), 'spec')], lockOf([]));
      expect(p.changes.map((c) => c.action)).toEqual(['create']);
      expect(p.unmanaged).toEqual([{ id: X, name: 'alpha' }]);
    });
  });

  describe('a lock record that names a live monitor otherwise, while the YAML claims it by its live name (issue 27)', () => {
    // The record an earlier version wrote for a create answered with beta's stored 201: X under "alpha".
    const alpha = desired('alpha');
    const beta = desired('beta');
    const staleRecord = recordOf(X, alpha);

    it('is set aside: X is beta (replaced once, not verifiable), alpha is created, and a note says which record and why', () => {
      const p = plan(state([alpha, beta]), [liveOf(X, input('beta'), 'spec')], lockOf([staleRecord]));
      expect(p.changes.map((c) => [c.action, c.name, c.id, c.reason])).toEqual([
        ['create', 'alpha', null, 'new'],
        ['replace', 'beta', X, 'not_verifiable'],
      ]);
      expect(p.notes).toContain(
        `the lock file records ${X} as "alpha", but the server names it "beta", which the YAML also has: ${X} is taken as "beta" (its record is written again), and "alpha" is created.`,
      );
    });

    it('with another monitor named alpha live (the next create, unrecorded): each by its own name, no PLAN_AMBIGUOUS_NAME', () => {
      const live = [liveOf(X, input('beta'), 'spec'), liveOf(Y, input('alpha'), 'spec')];
      const p = plan(state([alpha, beta]), live, lockOf([staleRecord]));
      expect(p.changes.map((c) => [c.action, c.name, c.id, c.reason])).toEqual([
        ['replace', 'alpha', Y, 'not_verifiable'],
        ['replace', 'beta', X, 'not_verifiable'],
      ]);
      expect(p.notes.join('\n')).toContain(`"alpha" is matched to ${Y} by its name`);
    });

    it('also when the YAML pins another entry to it, or renames it with `moved`', () => {
      const live = [liveOf(X, input('beta'), 'spec')];
      const pinned = plan(state([alpha, desired('gamma', {}, { pinnedId: X })]), live, lockOf([staleRecord]));
      expect(pinned.changes.map((c) => [c.action, c.name, c.id])).toEqual([
        ['create', 'alpha', null],
        ['replace', 'gamma', X],
      ]);
      expect(pinned.notes.join('\n')).toContain('the YAML pins "gamma" to it with `id:`');
      const moved = plan(
        state([alpha, desired('gamma')], [{ from: 'beta', to: 'gamma' }]),
        live,
        lockOf([staleRecord]),
      );
      expect(moved.changes.map((c) => [c.action, c.name, c.id, c.reason])).toEqual([
        ['create', 'alpha', null, 'new'],
        ['replace', 'gamma', X, 'renamed'],
      ]);
      expect(moved.notes.join('\n')).toContain('which a `moved` entry renames to "gamma"');
    });

    it('is still followed when nothing else in the YAML claims the monitor (renamed in the dashboard)', () => {
      const p = plan(state([alpha]), [liveOf(X, input('beta'), 'spec')], lockOf([staleRecord]));
      expect(p.changes.map((c) => [c.action, c.name, c.id, c.reason])).toEqual([['replace', 'alpha', X, 'drift']]);
      expect(p.notes).toEqual([]);
    });

    it('PLAN_AMBIGUOUS_NAME, when it is one, says what each pin does', () => {
      const live = [liveOf(X, input('beta'), 'spec'), liveOf(Y, input('alpha'), 'spec')];
      const error = thrown(() => plan(state([alpha]), live, lockOf([staleRecord])));
      expect(error.code).toBe('PLAN_AMBIGUOUS_NAME');
      expect(error.hint).toContain(`\`id: ${X}\` keeps the monitor the lock file knows (renamed to "beta" since)`);
      expect(error.hint).toContain(
        `\`id: ${Y}\` takes the one named "alpha" now, and ${X}, managed but in no YAML entry, is deleted`,
      );
    });
  });

  it('two YAML entries reaching one live monitor: PLAN_DOUBLE_MATCH, saying how each reaches it', () => {
    const error = thrown(() =>
      plan(
        state([desired('alpha'), desired('beta', {}, { pinnedId: X })]),
        [liveOf(X, input('alpha'), 'spec')],
        lockOf([]),
      ),
    );
    expect(error.code).toBe('PLAN_DOUBLE_MATCH');
    expect(error.message).toBe(`"alpha" (by its name) and "beta" (by its \`id:\` pin) both refer to live monitor ${X}`);
  });
});
