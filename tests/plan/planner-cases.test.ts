// The planner case by case: each reason, ownership, listing modes and canonical equality,
// with hand-built desired monitors, live listings and lock files.
import { describe, expect, it } from 'vitest';
import { monitorInputProperties } from '../../src/schema/monitor-input-schema.js';
import type { LiveMonitor } from '../../src/model/monitor.js';
import type { LockFile } from '../../src/lock/types.js';
import type { PlanOptions } from '../../src/plan/planner.js';
import type { DesiredState } from '../../src/model/monitor.js';
import type { Plan } from '../../src/plan/types.js';
import { renderPlanMarkdown } from '../../src/render/plan-markdown.js';
import { desired, input, legacyRecordOf, liveOf, lockOf, monitorId, plan, recordOf, state } from './fixtures.js';

const X = monitorId(1);
const Y = monitorId(2);
const Z = monitorId(3);
const LATER = '2024-05-01T10:05:00Z';

interface Case {
  title: string;
  desired: DesiredState;
  live: LiveMonitor[];
  lock: LockFile | undefined;
  options?: Partial<PlanOptions>;
  check: (p: Plan) => void;
}

const a = desired('alpha');
const cases: Case[] = [
  {
    title: 'new: in the YAML, not live -> create with every field as written (an explicit null included), values known',
    desired: state([desired('alpha', { group: null, tags: 'b, a' })]),
    live: [],
    lock: lockOf([]),
    check: (p) => {
      expect(p.summary).toEqual({ create: 1, replace: 0, delete: 0, unchanged: 0 });
      const [c] = p.changes;
      expect(c).toMatchObject({ action: 'create', name: 'alpha', id: null, reason: 'new' });
      expect(c!.fields.find((f) => f.field === 'url')).toEqual({
        field: 'url',
        new: 'https://alpha.example.com/',
        oldKnown: true,
      });
      expect(c!.fields.find((f) => f.field === 'tags')).toEqual({ field: 'tags', new: 'b, a', oldKnown: true });
      expect(c!.fields.find((f) => f.field === 'group')).toEqual({ field: 'group', new: null, oldKnown: true }); // sent as written
      expect(c!.body).toMatchObject({ name: 'alpha', tags: 'b, a', group: null });
      expect(c!.body).not.toHaveProperty('follow_redirects'); // not written: not sent (the server's default is false)
    },
  },
  {
    title: 'unchanged: same visible fields and same fingerprint -> counted, no change',
    desired: state([a]),
    live: [liveOf(X, input('alpha'), 'spec')],
    lock: lockOf([recordOf(X, a)]),
    check: (p) => {
      expect(p.changes).toEqual([]);
      expect(p.summary).toEqual({ create: 0, replace: 0, delete: 0, unchanged: 1 });
    },
  },
  {
    title: 'drift on a field the spec listing shows (url) -> replace with old and new',
    desired: state([a]),
    live: [liveOf(X, input('alpha', { url: 'https://elsewhere.example.com/' }), 'spec')],
    lock: lockOf([recordOf(X, a)]),
    check: (p) => {
      expect(p.changes).toHaveLength(1);
      expect(p.changes[0]).toMatchObject({ action: 'replace', id: X, reason: 'drift' });
      expect(p.changes[0]!.fields).toEqual([
        {
          field: 'url',
          old: 'https://elsewhere.example.com/',
          new: 'https://alpha.example.com/',
          oldKnown: true,
          oldSource: 'server',
        },
      ]);
    },
  },
  {
    title: 'drift on a field only a full listing shows (retry_count)',
    desired: state([a]),
    live: [liveOf(X, input('alpha', { retry_count: 4 }), 'full')],
    lock: lockOf([recordOf(X, a)]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({
        reason: 'drift',
        fields: [{ field: 'retry_count', old: 4, new: 1, oldKnown: true }],
      });
    },
  },
  {
    title:
      'changed_since_apply, not drift: the YAML changed a visible field and the server still holds what was applied',
    desired: state([desired('alpha', { url: 'https://alpha.example.com/new' })]),
    live: [liveOf(X, input('alpha'), 'spec')],
    lock: lockOf([recordOf(X, a)]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({ action: 'replace', id: X, reason: 'changed_since_apply' });
      expect(p.changes[0]!.fields).toEqual([
        {
          field: 'url',
          old: 'https://alpha.example.com/',
          new: 'https://alpha.example.com/new',
          oldKnown: true,
          oldSource: 'server',
        },
      ]);
    },
  },
  {
    title:
      'changed_since_apply, not drift: the YAML changed a bare-origin URL that the server returns with a "/" added',
    desired: state([desired('alpha', { url: 'https://alpha.example.com/new' })]),
    live: [liveOf(X, input('alpha', { url: 'https://alpha.example.com/' }), 'spec')],
    lock: lockOf([recordOf(X, desired('alpha', { url: 'https://alpha.example.com' }))]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({
        reason: 'changed_since_apply',
        fields: [
          { field: 'url', old: 'https://alpha.example.com/', new: 'https://alpha.example.com/new', oldKnown: true },
        ],
      });
    },
  },
  {
    title: 'drift: a URL changed in the dashboard is not taken for a normal form of the applied one',
    desired: state([desired('alpha', { url: 'https://alpha.example.com' })]),
    live: [liveOf(X, input('alpha', { url: 'https://beta.example.com/' }), 'spec')],
    lock: lockOf([recordOf(X, desired('alpha', { url: 'https://alpha.example.com' }))]),
    check: (p) => expect(p.changes[0]).toMatchObject({ reason: 'drift' }),
  },
  {
    title: 'drift wins when the server changed the field too: live differs from both the YAML and the lock',
    desired: state([desired('alpha', { url: 'https://alpha.example.com/new' })]),
    live: [liveOf(X, input('alpha', { url: 'https://dashboard.example.com/' }), 'spec')],
    lock: lockOf([recordOf(X, a)]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({
        reason: 'drift',
        fields: [
          { field: 'url', old: 'https://dashboard.example.com/', new: 'https://alpha.example.com/new', oldKnown: true },
        ],
      });
    },
  },
  {
    title:
      'changed_since_apply: a field unset at the last apply, reported as false by a full listing, now set in the YAML',
    desired: state([desired('alpha', { keyword_case_sensitive: true, type: 'keyword', keyword: 'ok' })]),
    live: [liveOf(X, input('alpha', { keyword_case_sensitive: false, type: 'keyword', keyword: 'ok' }), 'full')],
    lock: lockOf([recordOf(X, desired('alpha', { type: 'keyword', keyword: 'ok' }))]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({
        reason: 'changed_since_apply',
        fields: [{ field: 'keyword_case_sensitive', old: false, new: true, oldKnown: true }],
      });
    },
  },
  {
    title: 'no lock record: a visible difference is drift (nothing says what was applied)',
    desired: state([desired('alpha', { url: 'https://alpha.example.com/new' })]),
    live: [liveOf(X, input('alpha'), 'spec')],
    lock: lockOf([]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({ reason: 'drift' });
    },
  },
  {
    title: 'changed_since_apply: a hidden field changed in the YAML shows the old value the lock record kept',
    desired: state([desired('alpha', { keyword: 'Add to cart' })]),
    live: [liveOf(X, input('alpha', { keyword: 'Buy now', group: 'shop' }), 'spec')],
    lock: lockOf([recordOf(X, desired('alpha', { keyword: 'Buy now', group: 'shop' }))]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({ action: 'replace', id: X, reason: 'changed_since_apply' });
      expect(p.changes[0]!.fields).toEqual([
        { field: 'group', old: 'shop', oldKnown: true, oldSource: 'lock' },
        { field: 'keyword', old: 'Buy now', new: 'Add to cart', oldKnown: true, oldSource: 'lock' },
      ]);
    },
  },
  {
    title:
      'changed_since_apply with a record written before values were kept: named through its hashes, old values not recorded',
    desired: state([desired('alpha', { keyword: 'Add to cart', port: 8443 })]),
    live: [liveOf(X, input('alpha', { keyword: 'Buy now', group: 'shop' }), 'spec')],
    lock: lockOf([legacyRecordOf(X, desired('alpha', { keyword: 'Buy now', group: 'shop' }))]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({ action: 'replace', id: X, reason: 'changed_since_apply' });
      expect(p.changes[0]!.fields).toEqual([
        { field: 'group', oldKnown: false, oldSource: 'not_recorded' },
        { field: 'keyword', new: 'Add to cart', oldKnown: false, oldSource: 'not_recorded' },
        // Its hashes name every field that was set: one they do not name was unset.
        { field: 'port', old: undefined, new: 8443, oldKnown: true, oldSource: 'lock' },
      ]);
    },
  },
  {
    title:
      'changed_since_apply: a field the listing returns is the server’s, and not listed when it already holds the YAML’s',
    desired: state([desired('alpha', { url: 'https://alpha.example.com/new', keyword: 'b' })]),
    live: [liveOf(X, input('alpha', { url: 'https://alpha.example.com/new' }), 'spec')],
    lock: lockOf([recordOf(X, desired('alpha', { keyword: 'a' }))]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({ reason: 'changed_since_apply' });
      expect(p.changes[0]!.fields).toEqual([
        { field: 'keyword', old: 'a', new: 'b', oldKnown: true, oldSource: 'lock' },
      ]);
    },
  },
  {
    title:
      'changed_since_apply with nothing to show: the record differs only in a field the server already holds as the YAML says',
    desired: state([desired('alpha', { url: 'https://alpha.example.com/new' })]),
    live: [liveOf(X, input('alpha', { url: 'https://alpha.example.com/new' }), 'spec')],
    lock: lockOf([recordOf(X, a)]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({ reason: 'changed_since_apply', fields: [] });
      expect(renderPlanMarkdown(p)).toContain(
        'The server already holds what the YAML says; it is sent again so that the lock file records it.',
      );
    },
  },
  {
    title: 'not_verifiable: a matched live monitor with no lock record is replaced once',
    desired: state([a]),
    live: [liveOf(X, input('alpha'), 'spec')],
    lock: lockOf([]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({ action: 'replace', id: X, reason: 'not_verifiable' });
      expect(p.changes[0]!.lock_record?.fingerprint).toMatch(/^sha256:/);
      // Every field the full replacement sets: old where the (spec) listing shows it, else not readable.
      const fields = p.changes[0]!.fields;
      expect(fields.map((f) => f.field)).toEqual(Object.keys(monitorInputProperties));
      expect(fields.find((f) => f.field === 'url')).toMatchObject({ oldKnown: true, oldSource: 'server' });
      expect(fields.find((f) => f.field === 'retry_count')).toMatchObject({
        oldKnown: false,
        oldSource: 'not_readable',
      });
      expect(fields.find((f) => f.field === 'group')).toMatchObject({ new: null, serverDefault: true });
      expect(p.overwrites_unread?.monitors).toBe(1);
      expect(p.overwrites_unread?.fields).toContain('auth_type');
      expect(p.overwrites_unread?.fields).not.toContain('url');
    },
  },
  {
    title: 'not_verifiable: a record adopted with fingerprint null',
    desired: state([a]),
    live: [liveOf(X, input('alpha'), 'full')],
    lock: lockOf([{ id: X, name: 'alpha', fingerprint: null, guessed: { retry_count: 1, max_redirects: 99 } }]),
    check: (p) => {
      expect(p.changes[0]).toMatchObject({ reason: 'not_verifiable' });
      // Guessed by export while the YAML still holds the guess; a value edited since is not marked.
      const field = (name: string) => p.changes[0]!.fields.find((f) => f.field === name);
      expect(p.changes[0]!.body?.retry_count).toBe(1);
      expect(field('retry_count')?.guessed).toBe(true);
      expect(field('max_redirects')?.guessed).toBeUndefined();
    },
  },
  {
    title: 'renamed via `moved`: PUT on the same id, previous name kept, name shown as changed',
    desired: state([desired('beta')], [{ from: 'alpha', to: 'beta' }]),
    live: [liveOf(X, input('alpha', { url: 'https://beta.example.com/' }), 'spec')],
    lock: lockOf([recordOf(X, desired('alpha', { url: 'https://beta.example.com/' }))]),
    check: (p) => {
      expect(p.summary).toEqual({ create: 0, replace: 1, delete: 0, unchanged: 0 });
      expect(p.changes[0]).toMatchObject({
        action: 'replace',
        name: 'beta',
        id: X,
        previous_name: 'alpha',
        reason: 'renamed',
      });
      expect(p.changes[0]!.reason_text).toContain('"alpha"');
      expect(p.changes[0]!.fields[0]).toEqual({
        field: 'name',
        old: 'alpha',
        new: 'beta',
        oldKnown: true,
        oldSource: 'server',
      });
      expect(p.changes[0]!.body?.name).toBe('beta');
    },
  },
  {
    title: 'removed: a lock-managed monitor that left the YAML is deleted',
    desired: state([]),
    live: [liveOf(X, input('alpha'), 'spec')],
    lock: lockOf([recordOf(X, a)]),
    check: (p) => {
      expect(p.changes).toEqual([
        expect.objectContaining({ action: 'delete', name: 'alpha', id: X, reason: 'removed', fields: [] }),
      ]);
      expect(p.changes[0]!.body).toBeUndefined();
      expect(p.unmanaged).toEqual([]);
    },
  },
  {
    title: 'lock scope: only lock monitors are deleted; dashboard monitors are listed as unmanaged',
    desired: state([]),
    live: [liveOf(Y, input('dash board'), 'spec'), liveOf(X, input('alpha'), 'spec')],
    lock: lockOf([recordOf(X, a)]),
    check: (p) => {
      expect(p.changes.map((c) => [c.action, c.id])).toEqual([['delete', X]]);
      expect(p.unmanaged).toEqual([{ id: Y, name: 'dash board' }]);
    },
  },
  {
    title: 'workspace scope: every unmatched live monitor is deleted',
    desired: state([], [], { kind: 'workspace' }),
    live: [liveOf(Y, input('dash board'), 'spec'), liveOf(X, input('alpha'), 'spec')],
    lock: lockOf([recordOf(X, a)]),
    check: (p) => {
      expect(p.changes.map((c) => c.id)).toEqual([X, Y]);
      expect(p.changes[1]!.reason_text).toContain('ownership scope');
      expect(p.unmanaged).toEqual([]);
    },
  },
  {
    title: 'prefix scope: unmatched monitors with the prefix are deleted, others stay unmanaged',
    desired: state([], [], { kind: 'prefix', prefix: 'app-' }),
    live: [
      liveOf(X, input('app-orphan'), 'spec'),
      liveOf(Y, input('dash board'), 'spec'),
      liveOf(Z, input('xapp-other'), 'spec'),
    ],
    lock: lockOf([]),
    check: (p) => {
      expect(p.changes.map((c) => [c.action, c.name])).toEqual([['delete', 'app-orphan']]);
      expect(p.unmanaged.map((u) => u.name)).toEqual(['dash board', 'xapp-other']);
    },
  },
  {
    title: 'lock missing: matched monitors are not verifiable, nothing is deleted',
    desired: state([a]),
    live: [liveOf(X, input('alpha'), 'spec'), liveOf(Y, input('other'), 'spec')],
    lock: undefined,
    check: (p) => {
      expect(p.changes).toEqual([expect.objectContaining({ action: 'replace', id: X, reason: 'not_verifiable' })]);
      expect(p.unmanaged).toEqual([{ id: Y, name: 'other' }]);
      expect(p.stale_lock_ids).toEqual([]);
    },
  },
  {
    title: 'full listing equal to the YAML, unknown extra fields ignored',
    desired: state([desired('alpha', { keyword: 'k', port: 443, locations: ['us', 'eu'] })]),
    live: [
      liveOf(X, input('alpha', { keyword: 'k', port: 443, locations: ['eu', 'us'] }), 'full', {
        region_hint: 'eu',
        owner: { team: 'x' },
        last_check_at: LATER,
        sla: 99.9,
      }),
    ],
    lock: lockOf([recordOf(X, desired('alpha', { keyword: 'k', port: 443, locations: ['us', 'eu'] }))]),
    check: (p) => expect(p.summary).toEqual({ create: 0, replace: 0, delete: 0, unchanged: 1 }),
  },
  {
    title: 'null vs absent, CRLF headers, tag spacing, empty lists and false flags mean the same',
    desired: state([
      desired('alpha', {
        headers: 'X-A:1\r\nX-B:   two  \r\n\r\n',
        tags: ' b , a,,a ',
        group: null,
        keyword_case_sensitive: undefined,
      }),
    ]),
    live: [
      liveOf(
        X,
        input('alpha', {
          headers: 'X-A: 1\nX-B: two',
          tags: 'a,b',
          keyword: null,
          port: null,
          locations: [],
          follow_redirects: false,
          keyword_case_sensitive: false,
        }),
        'full',
      ),
    ],
    lock: lockOf([
      recordOf(X, desired('alpha', { headers: 'X-A: 1\nX-B: two', tags: 'a,b', follow_redirects: false })),
    ]),
    check: (p) => expect(p.summary).toEqual({ create: 0, replace: 0, delete: 0, unchanged: 1 }),
  },
  {
    title:
      'a richer server reporting unset text fields as "", a false flag as null, header names in lower case: unchanged',
    desired: state([desired('alpha', { keyword_case_sensitive: false, headers: 'X-Api-Version: 2' })]),
    live: [
      liveOf(
        X,
        input('alpha', {
          keyword_case_sensitive: null,
          headers: 'x-api-version: 2',
          body: '',
          group: '',
          keyword: '',
          auth_username: '',
        }),
        'full',
      ),
    ],
    lock: lockOf([recordOf(X, desired('alpha', { keyword_case_sensitive: false, headers: 'X-Api-Version: 2' }))]),
    check: (p) => expect(p.summary).toEqual({ create: 0, replace: 0, delete: 0, unchanged: 1 }),
  },
  {
    title:
      'a field set at the last apply that the server now reports as null: drift (cleared outside the tool), not a crash',
    desired: state([desired('alpha', { group: 'shop' })]),
    live: [liveOf(X, input('alpha', { group: null }), 'full')],
    lock: lockOf([recordOf(X, desired('alpha', { group: 'shop' }))]),
    check: (p) =>
      expect(p.changes[0]).toMatchObject({
        reason: 'drift',
        fields: [{ field: 'group', old: undefined, new: 'shop', oldKnown: true }],
      }),
  },
  {
    title: 'a YAML change on a field the server reports as null for the applied "": changed_since_apply, not drift',
    desired: state([
      desired('alpha', { type: 'udp', url: 'ntp.example.com', port: 123, udp_payload: 'e3', udp_expected: 'aa' }),
    ]),
    live: [
      liveOf(
        X,
        input('alpha', { type: 'udp', url: 'ntp.example.com', port: 123, udp_payload: 'e3', udp_expected: null }),
        'full',
      ),
    ],
    lock: lockOf([
      recordOf(
        X,
        desired('alpha', { type: 'udp', url: 'ntp.example.com', port: 123, udp_payload: 'e3', udp_expected: '' }),
      ),
    ]),
    check: (p) =>
      expect(p.changes[0]).toMatchObject({
        reason: 'changed_since_apply',
        fields: [{ field: 'udp_expected', new: 'aa', oldKnown: true }],
      }),
  },
  {
    title: 'stale lock record: listed for dropping with a note; its name is created anew',
    desired: state([a]),
    live: [],
    lock: lockOf([recordOf(Z, a)]),
    check: (p) => {
      expect(p.stale_lock_ids).toEqual([Z]);
      expect(p.notes.join('\n')).toContain(Z);
      expect(p.changes[0]).toMatchObject({ action: 'create', reason: 'new' });
      expect(p.changes[0]!.reason_text).toContain(`deleted outside the tool (its lock record named ${Z})`);
    },
  },
  {
    title: 'open incident: a note on the changes of that monitor only',
    desired: state([a, desired('beta')]),
    live: [liveOf(X, input('alpha', { url: 'https://moved.example.com/' }), 'spec'), liveOf(Y, input('gone'), 'spec')],
    lock: lockOf([recordOf(X, a), recordOf(Y, desired('gone'))]),
    options: { openIncidentMonitorIds: new Set([X, Y]) },
    check: (p) => {
      expect(p.changes.map((c) => [c.action, c.name, c.notes ?? []])).toEqual([
        ['create', 'beta', []],
        ['replace', 'alpha', ['has an open incident']],
        ['delete', 'gone', ['has an open incident']],
      ]);
    },
  },
  {
    title: 'monitor limit: a warning when creates would pass it',
    desired: state([a, desired('beta'), desired('gamma')]),
    live: [liveOf(X, input('alpha'), 'spec')],
    lock: lockOf([recordOf(X, a)]),
    options: { monitorLimit: { limit: 2, usage: 1 } },
    check: (p) => {
      expect(p.warnings).toEqual([
        'The workspace allows 2 monitors and uses 1; this plan would need 3, so some creates will be refused.',
      ]);
    },
  },
  {
    title: 'monitor limit: no warning when the plan fits (deletes free room)',
    desired: state([desired('beta')]),
    live: [liveOf(X, input('alpha'), 'spec')],
    lock: lockOf([recordOf(X, a)]),
    options: { monitorLimit: { limit: 1, usage: 1 } },
    check: (p) => expect(p.warnings).toEqual([]),
  },
];

describe('planChanges', () => {
  it.each(cases.map((c) => [c.title, c] as const))('%s', (_title, c) => {
    const p = plan(c.desired, c.live, c.lock, c.options);
    c.check(p);
    expect(p.format_version).toBe(1);
    expect(p.live_fingerprint).toMatch(/^sha256:[A-Za-z0-9_-]+$/);
    for (const change of p.changes) expect(change.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });

  it('spec-only and full listings of the same monitors give the same plan when nothing hidden drifted', () => {
    const d = state([a, desired('beta', { keyword: 'x' })]);
    const lock = lockOf([recordOf(X, a), recordOf(Y, desired('beta', { keyword: 'old' }))]);
    const stored = [input('alpha'), input('beta', { keyword: 'old' })];
    const spec = plan(d, [liveOf(X, stored[0]!, 'spec'), liveOf(Y, stored[1]!, 'spec')], lock);
    const full = plan(d, [liveOf(X, stored[0]!, 'full'), liveOf(Y, stored[1]!, 'full')], lock);
    // Same reason and values in both modes: the full listing shows the old keyword, the spec listing's lock record kept it.
    expect(spec.changes[0]).toMatchObject({
      name: 'beta',
      reason: 'changed_since_apply',
      fields: [{ field: 'keyword', old: 'old', new: 'x', oldKnown: true, oldSource: 'lock' }],
    });
    expect(full.changes[0]).toMatchObject({
      name: 'beta',
      reason: 'changed_since_apply',
      fields: [{ field: 'keyword', old: 'old', new: 'x', oldKnown: true, oldSource: 'server' }],
    });
    expect(full.changes[0]!.idempotency_key).toBe(spec.changes[0]!.idempotency_key);
  });

  it('orders changes deterministically (creates, replaces, deletes; by name) whatever the input order', () => {
    const names = ['delta', 'alpha', 'charlie', 'bravo', 'echo'];
    const live = [
      liveOf(X, input('zulu'), 'spec'),
      liveOf(Y, input('yankee'), 'spec'),
      liveOf(Z, input('charlie', { url: 'https://c.example.com/' }), 'spec'),
      liveOf(monitorId(4), input('bravo'), 'spec'),
    ];
    const lock = lockOf([
      recordOf(X, desired('zulu')),
      recordOf(Y, desired('yankee')),
      recordOf(Z, desired('charlie')),
    ]);
    const first = plan(state(names.map((n) => desired(n))), live, lock);
    const second = plan(state([...names].reverse().map((n) => desired(n))), [...live].reverse(), {
      ...lock,
      monitors: [...lock.monitors].reverse(),
    });
    expect(second).toEqual(first);
    expect(first.changes.map((c) => `${c.action} ${c.name}`)).toEqual([
      'create alpha',
      'create delta',
      'create echo',
      'replace bravo',
      'replace charlie',
      'delete yankee',
      'delete zulu',
    ]);
  });

  it('the live fingerprint ignores status and check times but not a changed field', () => {
    const d = state([a]);
    const base = plan(d, [liveOf(X, input('alpha'), 'spec')], undefined).live_fingerprint;
    expect(
      plan(d, [liveOf(X, input('alpha'), 'spec', { status: 'down', last_check_at: LATER })], undefined)
        .live_fingerprint,
    ).toBe(base);
    expect(plan(d, [liveOf(X, input('alpha', { timeout_seconds: 11 }), 'spec')], undefined).live_fingerprint).not.toBe(
      base,
    );
  });

  it('the live fingerprint ignores fields a server adds that change by themselves, and the listing order', () => {
    const d = state([a]);
    const listing = (extras: Record<string, unknown>) => [
      liveOf(X, input('alpha'), 'full', extras),
      liveOf(Y, input('beta'), 'spec'),
    ];
    const base = plan(
      d,
      listing({ uptime_24h: 99.98, last_response_ms: 120, links: { self: '/m/1?sig=a' } }),
      undefined,
    ).live_fingerprint;
    expect(
      plan(
        d,
        listing({ uptime_24h: 97.5, last_response_ms: 310, links: { self: '/m/1?sig=b' }, status: 'down' }),
        undefined,
      ).live_fingerprint,
    ).toBe(base);
    expect(plan(d, listing({ uptime_24h: 99.98 }).reverse(), undefined).live_fingerprint).toBe(base);
    // What the plan is made from still counts: updated_at (replace keys), names, input fields, monitors.
    expect(plan(d, listing({ updated_at: LATER }), undefined).live_fingerprint).not.toBe(base);
    expect(plan(d, listing({ name: 'alpha 2' }), undefined).live_fingerprint).not.toBe(base);
    expect(plan(d, listing({ keyword: 'new' }), undefined).live_fingerprint).not.toBe(base);
    expect(plan(d, [...listing({}), liveOf(Z, input('gamma'), 'spec')], undefined).live_fingerprint).not.toBe(base);
  });
});
