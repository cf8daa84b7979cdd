// The one assembly of a plan (src/plan/assemble.ts) and the starting lock it is given
// (src/plan/starting-lock.ts), with no process and no server: every refusal (workspace,
// policy, mass-delete guard), the narrowing to named files, and what the lock apply starts
// from records.
import { describe, expect, it } from 'vitest';
import { assemblePlan, type AssembleInput } from '../../src/plan/assemble.js';
import { startingLock, type StartingLock } from '../../src/plan/starting-lock.js';
import type { LockFile } from '../../src/lock/types.js';
import type { DesiredState, LiveMonitor } from '../../src/model/monitor.js';
import { desired, liveOf, lockOf, monitorId, recordOf, state, input } from './fixtures.js';

const workspace = (accountId?: string) => ({
  apiUrl: 'https://api.example.com/api/v1',
  accountId,
  settings: state([]).settings,
  allowMissing: false,
  lockShown: 'monitors/monitors.lock.json',
});

function started(read: LockFile | undefined, live: LiveMonitor[], accountId = 'acct-1'): StartingLock {
  const begun = startingLock({ read, fresh: () => lockOf([]), live, workspace: workspace(accountId) });
  if (!begun.ok) throw begun.refusal;
  return begun.start;
}

function assemble(
  over: Partial<Omit<AssembleInput, 'lock'>> & {
    desired: DesiredState;
    live: LiveMonitor[];
    read: LockFile | undefined;
  },
) {
  const { read, ...rest } = over;
  return assemblePlan({
    policyDiagnostics: [],
    context: {},
    workspace: workspace('acct-1'),
    ...rest,
    lock: { read, fresh: () => lockOf([]) },
    options: { allowMassDelete: false, policyStops: 'apply', fileOf: (f) => f, ...over.options },
  });
}

/** n managed monitors, live and recorded, of which the YAML keeps `kept`. */
function managed(n: number, kept: number) {
  const all = Array.from({ length: n }, (_, i) => desired(`site ${i}`));
  const live = all.map((d, i) => liveOf(monitorId(i), input(d.name), 'full'));
  const lock = lockOf(all.map((d, i) => recordOf(monitorId(i), d)));
  return { yaml: state(all.slice(0, kept)), live, lock };
}

describe('startingLock', () => {
  it('stamps a new lock with the workspace it reached: a change to write even without a plan change', () => {
    const start = started(undefined, []);
    expect(start.existed).toBe(false);
    expect(start.changed).toBe(true);
    expect(start.lock.workspace).toEqual({ account_id: 'acct-1', api_url: 'https://api.example.com/api/v1' });
  });

  it('refuses a lock of another workspace (LOCK_OTHER_WORKSPACE), as a value, not a throw', () => {
    const lock = { ...lockOf([]), workspace: { account_id: 'acct-1', api_url: 'https://api.example.com/api/v1' } };
    const begun = startingLock({ read: lock, fresh: () => lockOf([]), live: [], workspace: workspace('acct-2') });
    expect(begun.ok).toBe(false);
    if (!begun.ok) expect(begun.refusal.code).toBe('LOCK_OTHER_WORKSPACE');
  });

  it('refuses when most records vanished and no id says whose the lock is (LOCK_WORKSPACE_MISSING)', () => {
    const { lock } = managed(4, 4);
    const begun = startingLock({ read: lock, fresh: () => lockOf([]), live: [], workspace: workspace(undefined) });
    expect(begun.ok ? undefined : begun.refusal.code).toBe('LOCK_WORKSPACE_MISSING');
    const allowed = { ...workspace(undefined), allowMissing: true };
    expect(startingLock({ read: lock, fresh: () => lockOf([]), live: [], workspace: allowed }).ok).toBe(true);
  });

  it('repairs an id recorded twice from the listing, and says so; a read-only start checks no workspace', () => {
    const d = desired('shop');
    const twice = lockOf([recordOf(monitorId(1), d), recordOf(monitorId(1), desired('old shop'))]);
    const live = [liveOf(monitorId(1), input('shop'), 'full')];
    const begun = startingLock({ read: twice, fresh: () => lockOf([]), live });
    expect(begun.ok).toBe(true);
    if (!begun.ok) return;
    expect(begun.start.lock.monitors.map((r) => r.name)).toEqual(['shop']);
    expect(begun.start.notes.join()).toContain('twice');
    expect(begun.start.changed).toBe(true);
    expect(begun.start.lock.workspace).toBeUndefined();
  });
});

describe('assemblePlan', () => {
  it('refuses a lock of another workspace before planning (workspace)', () => {
    const { yaml, live, lock } = managed(2, 2);
    const theirs = { ...lock, workspace: { account_id: 'acct-9', api_url: 'https://api.example.com/api/v1' } };
    const refused = assemble({ desired: yaml, live, read: theirs });
    expect(refused.ok ? undefined : [refused.kind, refused.refusal.code, refused.plan]).toEqual([
      'workspace',
      'LOCK_OTHER_WORKSPACE',
      undefined,
    ]);
  });

  it('plans, and the lock it hands apply is the starting lock with the policy in force recorded', () => {
    const { yaml, live, lock } = managed(3, 3);
    const withRule = {
      ...yaml,
      policy: {
        source: { file: 'p.yaml', line: 1, col: 1 },
        rules: [{ id: 'r', level: 'advisory' as const, fingerprint: 'f' }],
      },
    };
    const result = assemble({ desired: withRule, live, read: lock });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.summary).toMatchObject({ create: 0, replace: 0, delete: 0, unchanged: 3 });
    expect(result.lock.policy).toBeDefined();
    expect(result.lockChanged).toBe(true);
  });

  it('refuses a mass delete (delete-guard), unless allowed', () => {
    const { yaml, live, lock } = managed(10, 2);
    const refused = assemble({ desired: yaml, live, read: lock });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.kind).toBe('delete-guard');
    expect(refused.refusal.code).toBe('PLAN_MASS_DELETE');
    expect(refused.plan?.summary.delete).toBe(8);
    const allowed = assemble({
      desired: yaml,
      live,
      read: lock,
      options: { allowMassDelete: true, policyStops: 'apply', fileOf: (f) => f },
    });
    expect(allowed.ok).toBe(true);
  });

  it('refuses a change a mandatory deny rule names for apply (policy), and leaves plan to show it', () => {
    const { yaml, live, lock } = managed(3, 2);
    const rules = [{ id: 'no-deletes', level: 'mandatory' as const, deny: ['delete' as const], fingerprint: 'f' }];
    const withRule = { ...yaml, policy: { source: { file: 'p.yaml', line: 1, col: 1 }, rules } };
    const refused = assemble({ desired: withRule, live, read: lock });
    expect(refused.ok ? undefined : [refused.kind, refused.refusal.code]).toEqual(['policy', 'PLAN_POLICY']);
    const shown = assemble({
      desired: withRule,
      live,
      read: lock,
      options: { allowMassDelete: false, policyStops: undefined, fileOf: (f) => f },
    });
    expect(shown.ok).toBe(true);
    if (shown.ok) expect(shown.plan.policy?.refused).toBe(true);
  });

  it('keeps only the changes of the files named; the others are listed as outside them', () => {
    const a = desired('in a', {}, { source: { file: 'a.yaml', line: 2, col: 5 } });
    const b = desired('in b', {}, { source: { file: 'b.yaml', line: 2, col: 5 } });
    const yaml = { ...state([a, b]), files: ['a.yaml', 'b.yaml'] };
    const files = { named: new Set(['a.yaml']), loaded: new Set(['a.yaml', 'b.yaml']), shown: ['a.yaml'] };
    const result = assemble({
      desired: yaml,
      live: [],
      read: undefined,
      options: { allowMassDelete: false, policyStops: 'apply', fileOf: (f) => f, files },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.changes.map((c) => [c.action, c.name, c.lock_record?.file])).toEqual([
      ['create', 'in a', 'a.yaml'],
    ]);
    expect(result.plan.outside_files?.map((c) => c.name)).toEqual(['in b']);
    expect(result.plan.summary.outside_files).toBe(1);
  });

  it("puts the starting lock's notes before the reading notes", () => {
    const d = desired('shop');
    const twice = lockOf([recordOf(monitorId(1), d), recordOf(monitorId(1), desired('old'))]);
    const live = [liveOf(monitorId(1), input('shop'), 'full')];
    const result = assemble({
      desired: state([d]),
      live,
      read: twice,
      options: { allowMassDelete: false, policyStops: 'apply', fileOf: (f) => f, notes: ['from the loader'] },
    });
    expect(result.ok && result.plan.notes.at(-1)).toBe('from the loader');
    expect(result.ok && result.plan.notes[0]).toContain('twice');
  });
});
