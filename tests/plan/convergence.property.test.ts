// Convergence: whatever was applied before, whatever changed out of band, and whatever the
// YAML wants now, planning, applying, and planning again gives no changes; monitors made in
// the dashboard are never deleted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LockFile } from '../../src/lock/types.js';
import type { DesiredMonitor, OwnershipScope } from '../../src/model/monitor.js';
import { normalizeInput } from '../../src/plan/normalize.js';
import { desired, input, lockOf, plan, state } from './fixtures.js';
import { applyPlan, MemoryServer, type ServerMode } from './memory-server.js';

// Two distinct secrets only: scrypt is memoised per value.
const ENV = { TOK_ONE: 'sekret-prop-ONE', TOK_TWO: 'sekret-prop-TWO' };

const APP_NAMES = ['app-00', 'app-01', 'app-02', 'app-03', 'app-04', 'app-05'];
const RENAMED_NAMES = ['app-r0', 'app-r1', 'app-r2'];

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** Input fields with several spellings of one meaning (CRLF, spacing, order, null). */
const fieldsArb = fc.record({
  url: fc.oneof(
    { arbitrary: fc.constant('https://a.example.com/'), weight: 4 },
    { arbitrary: fc.constant('https://b.example.com/x'), weight: 1 },
  ),
  timeout_seconds: fc.oneof({ arbitrary: fc.constant(10), weight: 4 }, { arbitrary: fc.constant(5), weight: 1 }),
  retry_count: fc.constantFrom(0, 2),
  keyword: maybe(fc.constantFrom(null, 'buy', 'sell')),
  headers: maybe(fc.constantFrom(null, 'X-A: 1', 'X-A:1\r\nX-B:  2 \r\n', 'X-A: 1\nX-B: 2')),
  tags: maybe(fc.constantFrom('', 'a,b', ' b , a ,a', 'c')),
  group: maybe(fc.constantFrom(null, 'g1')),
  locations: maybe(fc.constantFrom(['eu', 'us'], ['us', 'eu', 'us'], ['ap'])),
  follow_redirects: maybe(fc.boolean()),
  keyword_case_sensitive: maybe(fc.boolean()),
  secret: fc.constantFrom('none', 'TOK_ONE', 'TOK_TWO'),
});
type Fields = typeof fieldsArb extends fc.Arbitrary<infer T> ? T : never;

function toDesired(name: string, f: Fields): DesiredMonitor {
  const { secret, ...rest } = f;
  const overrides: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined),
  );
  if (secret === 'none') return desired(name, overrides);
  return desired(
    name,
    { ...overrides, auth_type: 'bearer', auth_secret: ENV[secret] },
    { envRefs: { auth_secret: `\${env:${secret}}` } },
  );
}

const OUT_OF_BAND = ['none', 'visible_edit', 'hidden_edit', 'rename', 'delete', 'drop_record', 'null_record'] as const;

const scenarioArb = fc.record({
  mode: fc.constantFrom<ServerMode>('spec', 'full', 'full-nulls'),
  scope: fc.constantFrom<OwnershipScope>({ kind: 'lock' }, { kind: 'prefix', prefix: 'app-' }),
  before: fc.dictionary(fc.constantFrom(...APP_NAMES), fieldsArb, { maxKeys: 6 }),
  outOfBand: fc.array(fc.constantFrom(...OUT_OF_BAND), { minLength: 6, maxLength: 6 }),
  dashboard: fc.uniqueArray(fc.constantFrom('dash-0', 'dash-1', 'dash-2', 'app-dash'), { maxLength: 3 }),
  // Per name: gone from the YAML, kept as it was, or wanted with (maybe) other fields.
  after: fc.array(
    fc.oneof(
      { arbitrary: fc.constant('absent' as const), weight: 1 },
      { arbitrary: fc.constant('same' as const), weight: 2 },
      { arbitrary: fieldsArb, weight: 2 },
    ),
    {
      minLength: APP_NAMES.length,
      maxLength: APP_NAMES.length,
    },
  ),
  renames: fc.array(fieldsArb, { maxLength: 3 }),
});

describe('plan, apply, plan again', () => {
  it('converges to no changes and never deletes dashboard monitors', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const server = new MemoryServer(s.mode);
        const scope = s.scope;

        // The state a previous apply left, then changes made behind the tool's back.
        const before = Object.entries(s.before).map(([name, f]) => toDesired(name, f));
        let lock: LockFile = applyPlan(
          plan(state(before, [], scope), server.list(), undefined),
          server,
          lockOf([]),
          ENV,
        );
        const ids = [...server.stored.keys()];
        ids.forEach((id, i) => outOfBand(s.outOfBand[i] ?? 'none', id, i));
        function outOfBand(kind: (typeof OUT_OF_BAND)[number], id: string, i: number): void {
          const stored = server.stored.get(id)!;
          if (kind === 'visible_edit') stored.url = 'https://dashboard-edit.example.com/';
          if (kind === 'hidden_edit') stored.retry_count = 5;
          if (kind === 'rename') stored.name = `oob-${i}`;
          if (kind === 'delete') server.stored.delete(id);
          if (kind === 'drop_record') lock = { ...lock, monitors: lock.monitors.filter((r) => r.id !== id) };
          if (kind === 'null_record')
            lock = {
              ...lock,
              monitors: lock.monitors.map((r) => (r.id === id ? { id, name: r.name, fingerprint: null } : r)),
            };
        }
        // 'app-dash' shares the managed prefix: under a prefix scope it is the tool's to delete.
        const dashboardIds = s.dashboard.map((name) =>
          server.create(input(name, { url: 'https://dash.example.com/' })),
        );
        const protectedIds = dashboardIds.filter(
          (id) => scope.kind === 'lock' || !String(server.stored.get(id)!.name).startsWith('app-'),
        );

        // What the YAML wants now, with declared renames of monitors it no longer names.
        const afterFields = new Map<string, Fields>();
        APP_NAMES.forEach((name, i) => {
          const choice = s.after[i]!;
          const f = choice === 'same' ? s.before[name] : choice === 'absent' ? undefined : choice;
          if (f) afterFields.set(name, f);
        });
        const after = [...afterFields].map(([name, f]) => toDesired(name, f));
        const leaving = Object.keys(s.before).filter((n) => !afterFields.has(n));
        const moved = s.renames.slice(0, leaving.length).map((_, i) => ({ from: leaving[i]!, to: RENAMED_NAMES[i]! }));
        moved.forEach((m, i) => after.push(toDesired(m.to, s.renames[i]!)));
        const wanted = state(after, moved, scope);

        const first = plan(wanted, server.list(), lock);
        const deleted = new Set(first.changes.filter((c) => c.action === 'delete').map((c) => c.id));
        for (const id of protectedIds) expect(deleted.has(id)).toBe(false);
        if (scope.kind === 'lock')
          expect(first.unmanaged.map((u) => u.id)).toEqual(expect.arrayContaining(dashboardIds));
        expect(JSON.stringify(first)).not.toMatch(/sekret-prop/);

        lock = applyPlan(first, server, lock, ENV);
        const second = plan(wanted, server.list(), lock);
        expect(second.changes).toEqual([]);
        expect(second.stale_lock_ids).toEqual([]);
        expect(second.summary.unchanged).toBe(after.length);
        for (const id of protectedIds) expect(server.stored.has(id)).toBe(true);

        // Every renamed monitor kept its id.
        for (const m of moved) {
          const change = first.changes.find((c) => c.name === m.to)!;
          if (change.action === 'replace') expect(change.previous_name).toBeDefined();
        }
        // With fields the listing shows, the server now holds what the YAML says.
        if (s.mode !== 'spec') {
          for (const d of after) {
            const record = lock.monitors.find((r) => r.name === d.name)!;
            expect(normalizeInput(server.stored.get(record.id)!)).toEqual(
              normalizeInput(d.input as Record<string, unknown>),
            );
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
