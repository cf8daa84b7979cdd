// The plan's policy section: the loader's policy diagnostics taken apart from the others,
// deny rules over the changes, exceptions listed, and when it refuses the plan.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type DesiredState, type Diagnostic } from '../../src/model/monitor.js';
import type { PolicyRuleData } from '../../src/model/policy-data.js';
import { policyRefusal, policySection } from '../../src/plan/policy-section.js';
import type { PlannedChange } from '../../src/plan/types.js';

const rule = (id: string, extra: Partial<PolicyRuleData> = {}): PolicyRuleData => ({
  id,
  level: 'mandatory',
  fingerprint: `fp-${id}`,
  ...extra,
});

function desired(rules: PolicyRuleData[] | undefined): DesiredState {
  return {
    monitors: [
      {
        name: 'shop: eu',
        input: { name: 'shop: eu' } as DesiredState['monitors'][number]['input'],
        envRefs: {},
        source: { file: 'shop.yaml', line: 7, col: 5 },
        instance: 'region=eu',
        policyExceptions: [{ id: 'team-tag', reason: 'owner leaving', from: 'entry' }],
      },
    ],
    moved: [],
    settings: { ...DEFAULT_SETTINGS },
    files: ['shop.yaml'],
    ...(rules ? { policy: { source: { file: 'platform.yaml', line: 1, col: 1 }, rules } } : {}),
  };
}

const diagnostic = (code: string, severity: Diagnostic['severity']): Diagnostic => ({
  file: 'shop.yaml',
  line: 3,
  col: 9,
  severity,
  code,
  message: `${code} message`,
});

const change = (action: PlannedChange['action'], name: string, id: string | null): PlannedChange => ({
  action,
  name,
  id,
  reason: 'new',
  reason_text: 'new',
  fields: [],
  ...(action === 'create' ? { body: { type: 'http' } } : {}),
});

describe('the plan policy section', () => {
  it('takes the violations and warnings apart, refuses on a mandatory one, lists exceptions', () => {
    const section = policySection({
      desired: desired([rule('team-tag'), rule('fast', { level: 'advisory' })]),
      diagnostics: [
        diagnostic('policy.team-tag', 'error'),
        diagnostic('policy.fast', 'warning'),
        diagnostic('schema.type', 'warning'),
        diagnostic('policy.rule.regex', 'error'),
      ],
      changes: [],
      liveTypes: new Map(),
    });
    expect(section?.violations.map((v) => `${v.rule} ${v.file}:${v.line}:${v.col}`)).toEqual([
      'team-tag shop.yaml:3:9',
    ]);
    expect(section?.warnings.map((v) => v.rule)).toEqual(['fast']);
    expect(section?.refused).toBe(true);
    expect(section?.exceptions).toEqual([
      {
        rule: 'team-tag',
        monitor: 'shop: eu',
        reason: 'owner leaving',
        file: 'shop.yaml',
        line: 7,
        col: 5,
        instance: 'region=eu',
        from: 'entry',
      },
    ]);
    expect(policyRefusal(section, 'apply')?.code).toBe('PLAN_POLICY');
  });

  it('refuses the changes a mandatory deny rule names (a delete by its live type); an advisory one warns', () => {
    const changes = [
      change('create', 'shop: new', null),
      change('delete', 'api: old', 'ID1'),
      change('delete', 'shop: old', 'ID2'),
    ];
    const section = policySection({
      desired: desired([
        rule('no-prod-deletes', { deny: ['delete'], whereTypes: ['ping'] }),
        rule('creates', { level: 'advisory', deny: ['create'] }),
      ]),
      diagnostics: [],
      changes,
      liveTypes: new Map([
        ['ID1', 'ping'],
        ['ID2', 'http'],
      ]),
    });
    expect(section?.denied.map((d) => `${d.level} ${d.action} ${d.name}`)).toEqual([
      'mandatory delete api: old',
      'advisory create shop: new',
    ]);
    expect(section?.refused).toBe(true);
    expect(policyRefusal(section, 'plan')?.message).toBe(
      'the policy refuses this plan: 1 change a deny rule refuses; nothing was written',
    );
    const advisoryOnly = policySection({
      desired: desired([rule('creates', { level: 'advisory', deny: ['create'] })]),
      diagnostics: [],
      changes,
      liveTypes: new Map(),
    });
    expect(advisoryOnly?.refused).toBe(false);
    expect(policyRefusal(advisoryOnly, 'plan')).toBeUndefined();
  });

  it('lets a delete a deleted: entry excepts through, as an exception used; a refused delete names that entry', () => {
    const changes = [change('delete', 'shop: old', 'ID1'), change('delete', 'shop: gone', 'ID2')];
    const state = desired([rule('no-deletes', { deny: ['delete'], description: 'Deletes are reviewed.' })]);
    state.deleted = [
      {
        name: 'shop: old',
        exceptions: [{ id: 'no-deletes', reason: 'the page is gone' }],
        source: { file: 'shop.yaml', line: 20, col: 5 },
      },
      // An exception for another rule lets nothing through.
      {
        name: 'shop: gone',
        exceptions: [{ id: 'team-tag', reason: 'x' }],
        source: { file: 'a.yaml', line: 2, col: 5 },
      },
    ];
    const section = policySection({ desired: state, diagnostics: [], changes, liveTypes: new Map() });
    expect(section?.denied.map((d) => d.message)).toEqual([
      'policy no-deletes (mandatory): Deletes are reviewed (a delete of "shop: gone" is denied); to delete it on purpose, add to a file of the set: deleted: [{ name: "shop: gone", policy_exceptions: [{ id: no-deletes, reason: "..." }] }]',
    ]);
    expect(section?.exceptions).toContainEqual({
      rule: 'no-deletes',
      monitor: 'shop: old',
      reason: 'the page is gone',
      file: 'shop.yaml',
      line: 20,
      col: 5,
      from: 'deleted',
    });
    expect(policyRefusal(section, 'plan')?.hint).toContain('deleted: entry naming it');
    state.deleted[1]!.exceptions[0]!.id = 'no-deletes';
    const reviewed = policySection({ desired: state, diagnostics: [], changes, liveTypes: new Map() });
    expect(reviewed?.refused).toBe(false);
    expect(reviewed?.denied).toEqual([]);
  });

  it('is absent for a set without policy and without exceptions', () => {
    const state = desired(undefined);
    state.monitors[0]!.policyExceptions = undefined;
    expect(policySection({ desired: state, diagnostics: [], changes: [], liveTypes: new Map() })).toBeUndefined();
  });

  it('lists the rules changed since the policy the lock records, also once the whole policy is gone', () => {
    const recorded = { rules: { naming: { fingerprint: 'fp-naming', level: 'advisory' as const, parts: {} } } };
    const section = policySection({
      desired: desired([rule('team-tag'), rule('naming', { level: 'mandatory' })]),
      diagnostics: [],
      changes: [],
      liveTypes: new Map(),
      recorded,
    });
    expect(section?.changes).toEqual([
      { rule: 'naming', action: 'change', level: 'mandatory', previous_level: 'advisory', changed: [] },
      { rule: 'team-tag', action: 'add', level: 'mandatory' },
    ]);
    const state = desired(undefined);
    state.monitors[0]!.policyExceptions = undefined;
    const gone = policySection({ desired: state, diagnostics: [], changes: [], liveTypes: new Map(), recorded });
    expect(gone?.rules).toEqual([]);
    expect(gone?.changes).toEqual([{ rule: 'naming', action: 'remove', level: 'advisory' }]);
  });
});
