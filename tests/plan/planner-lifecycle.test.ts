// The lifecycle verbs in the pure planner: `removed:` entries (forget), `--target` (a
// partial plan) and `--replace` (a forced write), and `monitors destroy`'s plan.
import { describe, expect, it } from 'vitest';
import { planDestroy } from '../../src/destroy/plan-destroy.js';
import type { DesiredState, RemovedEntry } from '../../src/model/monitor.js';
import { keyForGeneration } from '../../src/plan/idempotency-key.js';
import { parseSavedPlan, serializeSavedPlan } from '../../src/plan/saved-plan.js';
import type { Plan } from '../../src/plan/types.js';
import { desired, input, liveOf, lockOf, monitorId, plan, recordOf, state, thrown } from './fixtures.js';

const [A, B, C, D] = [1, 2, 3, 4].map(monitorId) as [string, string, string, string];
const alpha = desired('shop: alpha');
const beta = desired('shop: beta');
const gamma = desired('api gamma');
const legacy = desired('legacy check');

const removed = (...names: string[]): RemovedEntry[] =>
  names.map((name, i) => ({ name, source: { file: 'monitors/main.yaml', line: 30 + i, col: 5 } }));
const withRemoved = (s: DesiredState, entries: RemovedEntry[]): DesiredState => ({ ...s, removed: entries });

/** Four live monitors, all recorded: alpha, beta and gamma in the YAML, legacy left out of it. */
const live = [
  liveOf(A, input('shop: alpha'), 'spec'),
  liveOf(B, input('shop: beta'), 'spec'),
  liveOf(C, input('api gamma'), 'spec'),
  liveOf(D, input('legacy check'), 'spec'),
];
const lock = lockOf([recordOf(A, alpha), recordOf(B, beta), recordOf(C, gamma), recordOf(D, legacy)]);

describe('removed: entries (forget)', () => {
  it('a recorded monitor left out of the YAML is forgotten instead of deleted: no key, no body, counted apart', () => {
    const p = plan(withRemoved(state([alpha, beta, gamma]), removed('legacy check')), live, lock);
    expect(p.changes).toEqual([
      {
        action: 'forget',
        name: 'legacy check',
        id: D,
        reason: 'forgotten',
        reason_text:
          'a `removed:` entry: its lock record goes and nothing is sent; the monitor stays on the server, unmanaged',
        fields: [],
        source: { file: 'monitors/main.yaml', line: 30, col: 5 },
      },
    ]);
    expect(p.summary).toEqual({ create: 0, replace: 0, delete: 0, forget: 1, unchanged: 3 });
    expect(p.unmanaged).toEqual([]);
    expect(p.stale_lock_ids).toEqual([]);
    // Without the entry the same state deletes it.
    expect(plan(state([alpha, beta, gamma]), live, lock).changes.map((c) => [c.action, c.name])).toEqual([
      ['delete', 'legacy check'],
    ]);
  });

  it('a record whose monitor is already gone is forgotten (not listed as stale too), saying so', () => {
    const p = plan(withRemoved(state([alpha, beta, gamma]), removed('legacy check')), live.slice(0, 3), lock);
    expect(p.changes.map((c) => [c.action, c.id])).toEqual([['forget', D]]);
    expect(p.changes[0]!.reason_text).toContain('(it no longer exists on the server either)');
    expect(p.stale_lock_ids).toEqual([]);
    expect(p.notes).toEqual([]);
  });

  it('a monitor renamed in the dashboard since is forgotten by its recorded name, or by its live name', () => {
    const renamed = [...live.slice(0, 3), liveOf(D, input('legacy (dashboard name)'), 'spec')];
    for (const name of ['legacy check', 'legacy (dashboard name)']) {
      const p = plan(withRemoved(state([alpha, beta, gamma]), removed(name)), renamed, lock);
      expect(p.changes.map((c) => [c.action, c.name, c.id])).toEqual([['forget', 'legacy check', D]]);
      expect(p.unmanaged).toEqual([]);
    }
  });

  it('after the forget was applied: the live monitor is unmanaged, and the entry is a note, not a change', () => {
    const forgotten = lockOf(lock.monitors.filter((r) => r.id !== D));
    const p = plan(withRemoved(state([alpha, beta, gamma]), removed('legacy check')), live, forgotten);
    expect(p.changes).toEqual([]);
    expect(p.unmanaged).toEqual([{ id: D, name: 'legacy check' }]);
    expect(p.warnings).toEqual([]);
    expect(p.notes).toEqual([
      'monitors/main.yaml:30:5: removed: "legacy check" is not in the lock file: it is unmanaged already (forgotten by an earlier apply); remove the entry once every environment has applied it.',
    ]);
  });

  it('inside settings.scope a monitor named by an entry is never deleted, record or not', () => {
    const scoped = withRemoved(state([alpha], [], { kind: 'workspace' }), removed('legacy check'));
    const p = plan(scoped, live, lockOf([recordOf(A, alpha)]));
    // beta and gamma: in the workspace scope, not in the YAML: deleted; legacy: named by the entry: left alone.
    expect(p.changes.map((c) => [c.action, c.name])).toEqual([
      ['delete', 'api gamma'],
      ['delete', 'shop: beta'],
    ]);
    expect(p.unmanaged).toEqual([{ id: D, name: 'legacy check' }]);
  });

  it('an entry that names nothing (no record, no live monitor) is a located warning with the names it may mean', () => {
    const p = plan(withRemoved(state([alpha, beta, gamma, legacy]), removed('shop: alpah')), live, lock);
    expect(p.changes).toEqual([]);
    expect(p.warnings).toEqual([
      'monitors/main.yaml:30:5: removed: "shop: alpah" names no monitor the lock file manages, nor a live one: nothing to forget; did you mean "shop: alpha"?',
    ]);
  });

  it('a misspelt entry next to the monitor this plan would delete is an error: the entry was meant to keep it', () => {
    const error = thrown(() => plan(withRemoved(state([alpha, beta, gamma]), removed('legacy chek')), live, lock));
    expect(error.code).toBe('PLAN_REMOVED_UNKNOWN');
    expect(error.message).toBe(
      'monitors/main.yaml:30:5: removed: "legacy chek" names no monitor the lock file manages; did you mean "legacy check", which this plan would delete?',
    );
  });

  it('a monitor of the YAML pinned to the forgotten monitor is a conflict', () => {
    const pinned = desired('renamed legacy', {}, { pinnedId: D });
    const error = thrown(() =>
      plan(withRemoved(state([alpha, beta, gamma, pinned]), removed('legacy check')), live, lock),
    );
    expect(error.code).toBe('PLAN_REMOVED_CONFLICT');
  });

  it('forgets come last, and a saved plan keeps them', () => {
    const p = plan(withRemoved(state([alpha, beta, desired('new one')]), removed('legacy check')), live, lock);
    expect(p.changes.map((c) => c.action)).toEqual(['create', 'delete', 'forget']);
    const saved = parseSavedPlan(
      serializeSavedPlan(p, { lockPath: 'monitors.lock.json', lock, toolVersion: '0.1.0', now: new Date(0) }),
    );
    expect(saved.plan).toEqual(p);
  });
});

describe('--target', () => {
  const changed = state([desired('shop: alpha', { timeout_seconds: 20 }), desired('shop: beta', { retry_count: 3 })]);

  it('keeps the changes of matching monitors; the others are listed as not targeted, counted in the summary', () => {
    const p = plan(changed, live, lock, { targets: ['shop: a*'] });
    expect(p.changes.map((c) => [c.action, c.name])).toEqual([['replace', 'shop: alpha']]);
    expect(p.targets).toEqual(['shop: a*']);
    expect(p.not_targeted).toEqual([
      { action: 'replace', name: 'shop: beta', id: B, reason: 'changed_since_apply' },
      { action: 'delete', name: 'api gamma', id: C, reason: 'removed' },
      { action: 'delete', name: 'legacy check', id: D, reason: 'removed' },
    ]);
    expect(p.summary).toEqual({ create: 0, replace: 1, delete: 0, unchanged: 0, not_targeted: 3 });
  });

  it('a delete is targeted by its name; a forget and a create likewise; several targets add up', () => {
    const s = withRemoved(state([alpha, beta, desired('brand new')]), removed('legacy check'));
    const p = plan(s, live, lock, { targets: ['api gamma', 'legacy check', 'brand new'] });
    expect(p.changes.map((c) => [c.action, c.name])).toEqual([
      ['create', 'brand new'],
      ['delete', 'api gamma'],
      ['forget', 'legacy check'],
    ]);
    expect(p.not_targeted).toEqual([]);
  });

  it('a delete of a monitor renamed in the dashboard is targeted by the name its lock record keeps', () => {
    const renamed = [...live.slice(0, 3), liveOf(D, input('legacy (old)'), 'spec')];
    const p = plan(state([alpha, beta, gamma]), renamed, lock, { targets: ['legacy check'] });
    expect(p.changes.map((c) => [c.action, c.name, c.id])).toEqual([['delete', 'legacy (old)', D]]);
  });

  it('a rename (moved:) is targeted by either name', () => {
    const s = state([desired('shop: alpha v2'), beta, gamma, legacy], [{ from: 'shop: alpha', to: 'shop: alpha v2' }]);
    for (const target of ['shop: alpha', 'shop: alpha v2']) {
      const p = plan(s, live, lock, { targets: [target] });
      expect(p.changes.map((c) => [c.reason, c.name, c.previous_name])).toEqual([
        ['renamed', 'shop: alpha v2', 'shop: alpha'],
      ]);
    }
  });

  it('a name with glob characters matches itself', () => {
    const odd = desired('api [eu]', { retry_count: 4 });
    const p = plan(state([odd, alpha]), [liveOf(A, input('shop: alpha'), 'spec')], lockOf([recordOf(A, alpha)]), {
      targets: ['api [eu]'],
    });
    expect(p.changes.map((c) => c.name)).toEqual(['api [eu]']);
  });

  it('stale records of monitors not targeted are kept; those of targeted ones dropped', () => {
    const p = plan(state([alpha, beta, gamma, legacy]), live.slice(0, 2), lock, { targets: ['legacy check'] });
    // gamma and legacy are gone live: both would be re-created; legacy's record is stale and targeted.
    expect(p.changes.map((c) => [c.action, c.name])).toEqual([['create', 'legacy check']]);
    expect(p.stale_lock_ids).toEqual([D]);
    expect(p.notes.join('\n')).toContain('"legacy check"');
    expect(p.notes.join('\n')).not.toContain('"api gamma"');
    // The whole plan drops both.
    expect(plan(state([alpha, beta, gamma, legacy]), live.slice(0, 2), lock).stale_lock_ids).toEqual([C, D]);
  });

  it('a target matching an unchanged monitor gives an empty partial plan, not an error', () => {
    const p = plan(changed, live, lock, { targets: ['api gamma*'] });
    expect(p.changes.map((c) => c.name)).toEqual(['api gamma']); // gamma left the YAML: its delete
    const none = plan(state([alpha, beta, gamma, legacy]), live, lock, { targets: ['shop: *'] });
    expect(none.changes).toEqual([]);
    expect(none.summary).toEqual({ create: 0, replace: 0, delete: 0, unchanged: 4, not_targeted: 0 });
  });

  it('a target that matches nothing is an error naming the closest names', () => {
    const error = thrown(() => plan(changed, live, lock, { targets: ['shop: alhpa'] }));
    expect(error.code).toBe('PLAN_TARGET_UNKNOWN');
    expect(error.message).toBe(
      '--target "shop: alhpa" matches no monitor of the YAML or the lock file; did you mean "shop: alpha"?',
    );
    expect(thrown(() => plan(changed, live, lock, { targets: ['shop: alhpa*'] })).message).toContain(
      'did you mean "shop: alpha"?',
    );
    expect(thrown(() => plan(changed, live, lock, { targets: ['zzz'] })).message).toBe(
      '--target "zzz" matches no monitor of the YAML or the lock file',
    );
  });

  it('a target that names only an unmanaged live monitor says so', () => {
    const extra = [...live, liveOf(monitorId(9), input('dashboard only'), 'spec')];
    const error = thrown(() => plan(state([alpha, beta, gamma, legacy]), extra, lock, { targets: ['dashboard only'] }));
    expect(error.message).toContain('names only monitors this repository does not manage ("dashboard only"');
  });

  it('a saved plan keeps its targets and the changes left out', () => {
    const p = plan(changed, live, lock, { targets: ['shop: a*'] });
    const saved = parseSavedPlan(
      serializeSavedPlan(p, { lockPath: 'l.json', lock, toolVersion: '0.1.0', now: new Date(0) }),
    );
    expect(saved.plan.targets).toEqual(['shop: a*']);
    expect(saved.plan.not_targeted).toEqual(p.not_targeted);
  });
});

describe('--replace', () => {
  const unchanged = state([alpha, beta, gamma, legacy]);
  const force = (patterns: string[], token = 'token-1', targets?: string[]): Plan =>
    plan(unchanged, live, lock, { replace: { patterns, token }, ...(targets ? { targets } : {}) });

  it('an unchanged monitor is replaced, reason forced, with its body, lock record and a key of its own', () => {
    const p = force(['shop: beta']);
    expect(p.summary).toEqual({ create: 0, replace: 1, delete: 0, unchanged: 3 });
    const [c] = p.changes;
    expect(c).toMatchObject({ action: 'replace', name: 'shop: beta', id: B, reason: 'forced', fields: [] });
    expect(c!.body).toMatchObject({ name: 'shop: beta' });
    expect(c!.lock_record).toEqual({
      fingerprint: lock.monitors[1]!.fingerprint,
      values: lock.monitors[1]!.values,
    });
    expect(c!.force_token).toBe('token-1');
    expect(keyForGeneration(c!, 0)).toBe(c!.idempotency_key);
    // The same body at the same updated_at without the token: another key, so no earlier write is replayed.
    const { force_token: _token, ...plain } = c!;
    expect(keyForGeneration(plain, 0)).not.toBe(c!.idempotency_key);
  });

  it('each plan draws its own token: a new key every time; the same plan (saved) keeps its key', () => {
    const first = force(['shop: beta'], 'token-1').changes[0]!;
    const second = force(['shop: beta'], 'token-2').changes[0]!;
    expect(second.idempotency_key).not.toBe(first.idempotency_key);
    expect(force(['shop: beta'], 'token-1').changes[0]!.idempotency_key).toBe(first.idempotency_key);
    expect(keyForGeneration(first, 1)).not.toBe(keyForGeneration(second, 1));
  });

  it('a glob forces every match; a monitor that changes anyway keeps its reason and gets the fresh key too', () => {
    const s = state([desired('shop: alpha', { timeout_seconds: 20 }), beta, gamma, legacy]);
    const p = plan(s, live, lock, { replace: { patterns: ['shop: *'], token: 't' } });
    expect(p.changes.map((c) => [c.name, c.reason, c.force_token])).toEqual([
      ['shop: alpha', 'changed_since_apply', 't'],
      ['shop: beta', 'forced', 't'],
    ]);
  });

  it('a monitor still to be created is created; a note says so', () => {
    const p = plan(state([alpha, desired('brand new')]), live.slice(0, 1), lockOf([recordOf(A, alpha)]), {
      replace: { patterns: ['brand new'], token: 't' },
    });
    expect(p.changes.map((c) => [c.action, c.name])).toEqual([['create', 'brand new']]);
    expect(p.notes).toContain('--replace "brand new": it does not exist yet; this plan creates it.');
  });

  it('a name that is not a monitor of the YAML is an error naming the closest; with --target it must be targeted', () => {
    const unknown = thrown(() => force(['legacy chek']));
    expect(unknown.code).toBe('PLAN_REPLACE_UNKNOWN');
    expect(unknown.message).toBe(
      '--replace "legacy chek" matches no monitor of the YAML; did you mean "legacy check"?',
    );
    const outside = thrown(() => force(['shop: beta'], 't', ['shop: alpha']));
    expect(outside.code).toBe('BAD_OPTION');
    expect(force(['shop: beta'], 't', ['shop: *']).changes.map((c) => c.reason)).toEqual(['forced']);
  });
});

describe('planDestroy', () => {
  it('deletes every recorded live monitor, leaves the others, drops stale records, and notes YAML monitors without a record', () => {
    const stale = { id: monitorId(8), name: 'long gone', fingerprint: null };
    const extra = [
      ...live,
      liveOf(monitorId(9), input('dashboard only'), 'spec'),
      liveOf(monitorId(10), input('new'), 'spec'),
    ];
    const p = planDestroy({
      desired: state([alpha, desired('new')]),
      live: extra,
      lock: lockOf([...lock.monitors.filter((r) => r.id !== C), stale]),
      lockShown: 'monitors.lock.json',
    });
    expect(p.changes.map((c) => [c.action, c.name, c.reason])).toEqual([
      ['delete', 'legacy check', 'destroy'],
      ['delete', 'shop: alpha', 'destroy'],
      ['delete', 'shop: beta', 'destroy'],
    ]);
    expect(p.changes.every((c) => c.idempotency_key === keyForGeneration(c, 0))).toBe(true);
    expect(p.unmanaged.map((u) => u.name)).toEqual(['api gamma', 'dashboard only', 'new']);
    expect(p.stale_lock_ids).toEqual([monitorId(8)]);
    expect(p.summary).toEqual({ create: 0, replace: 0, delete: 3, unchanged: 0 });
    expect(p.notes).toEqual([
      '"new" is live but not in the lock file: destroy deletes only what the lock file records, so it is left alone.',
      `"long gone" (${monitorId(8)}) is in the lock file but no longer exists on the server; its record will be dropped.`,
    ]);
  });

  it('nothing to destroy: without a lock file, with an empty one', () => {
    const none = planDestroy({ desired: state([alpha]), live, lock: undefined, lockShown: 'm/monitors.lock.json' });
    expect(none.changes).toEqual([]);
    expect(none.notes[0]).toBe(
      'There is no lock file at m/monitors.lock.json: this repository manages no monitor in this workspace, so there is nothing to destroy.',
    );
    const empty = planDestroy({ desired: state([]), live, lock: lockOf([]), lockShown: 'l.json' });
    expect(empty.notes).toEqual(['The lock file l.json records no monitor: there is nothing to destroy.']);
  });
});
