// Plan makes part of the planner's work ahead, while the listing runs: the desired
// monitors prepared (prepareAll) and each live monitor's part of the live fingerprint
// (liveLine, page by page). A plan made from those is the plan made without them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LiveMonitor } from '../../src/model/monitor.js';
import { liveFingerprint, liveLine } from '../../src/plan/fingerprint.js';
import { nameKey } from '../../src/plan/match.js';
import { planChanges } from '../../src/plan/planner.js';
import { comparerFor } from '../../src/plan/compare-ahead.js';
import type { ComparedAhead } from '../../src/plan/planner.js';
import { prepareAll, prepareDesired } from '../../src/plan/prepare.js';
import { desired, input, liveOf, lockOf, monitorId, recordOf, SALT, state } from './fixtures.js';

function scenario() {
  const unchanged = desired('unchanged');
  const edited = desired('edited', { timeout_seconds: 20 });
  const drifted = desired('drifted');
  const secret = desired(
    'secret',
    { auth_type: 'bearer', auth_secret: 'token-2' },
    { envRefs: { auth_secret: '${env:TOKEN}' } },
  );
  const templated = desired(
    'templated',
    { headers: 'X-Key: k-1' },
    { envRefs: { headers: 'X-Key: ${env:KEY}' }, envValues: { KEY: 'k-1' } },
  );
  const fresh = desired('fresh');
  const monitors = [unchanged, edited, drifted, secret, templated, fresh];
  const live: LiveMonitor[] = [
    liveOf(monitorId(1), input('unchanged'), 'spec'),
    liveOf(monitorId(2), input('edited'), 'full'),
    liveOf(monitorId(3), input('drifted', { interval_seconds: 900 }), 'spec'),
    liveOf(monitorId(4), input('secret', { auth_type: 'bearer' }), 'spec'),
    liveOf(monitorId(5), input('templated', { headers: 'X-Key: k-1' }), 'spec'),
    liveOf(monitorId(6), input('gone'), 'spec'),
    liveOf(monitorId(7), input('made in the dashboard'), 'spec'),
  ];
  const lock = lockOf([
    recordOf(monitorId(1), unchanged),
    recordOf(monitorId(2), desired('edited')),
    recordOf(monitorId(3), drifted),
    recordOf(
      monitorId(4),
      desired('secret', { auth_type: 'bearer', auth_secret: 'token-1' }, { envRefs: { auth_secret: '${env:TOKEN}' } }),
    ),
    recordOf(
      monitorId(5),
      desired(
        'templated',
        { headers: 'X-Key: k-0' },
        { envRefs: { headers: 'X-Key: ${env:KEY}' }, envValues: { KEY: 'k-0' } },
      ),
    ),
    recordOf(monitorId(6), desired('gone')),
  ]);
  return { desiredState: state(monitors), live, lock };
}

describe('work made ahead of the plan', () => {
  it('gives the plan made without it', async () => {
    const { desiredState, live, lock } = scenario();
    const options = { scope: desiredState.settings.scope };
    const plain = planChanges({ desired: desiredState, live, lock, options });
    const prepared = await prepareAll(desiredState.monitors, SALT, 2);
    const liveLines = new Map(live.map((l) => [l, liveLine(l)]));
    const compared = new Map<LiveMonitor, ComparedAhead>();
    const compare = comparerFor(desiredState.monitors, prepared, lock);
    compare(live.slice(0, 3), compared);
    compare(live.slice(3), compared);
    expect(compared.size).toBe(5); // the live monitors a desired one is named like
    const ahead = planChanges({ desired: desiredState, live, lock, options, prepared, liveLines, compared });
    expect(ahead).toEqual(plain);
    expect(plain.summary).toEqual({ create: 1, replace: 4, delete: 1, unchanged: 1 });
  });

  it('a comparison made for another pair, another record or without the rename is not used', async () => {
    const { desiredState, live, lock } = scenario();
    // "fresh" takes over "gone" through a `moved` entry; "edited" is pinned to the monitor named "unchanged".
    const monitors = desiredState.monitors
      .filter((d) => d.name !== 'unchanged')
      .map((d) => (d.name === 'edited' ? { ...d, pinnedId: monitorId(1) } : d));
    const withMoves = state(monitors, [{ from: 'gone', to: 'fresh' }]);
    const options = { scope: withMoves.settings.scope };
    const plain = planChanges({ desired: withMoves, live, lock, options });
    const byName = new Map(monitors.map((d) => [d.name, d]));
    const recordOfId = new Map(lock.monitors.map((r) => [r.id, r]));
    // Each entry claims "no change" and is wrong in one way: the rename, the pair, or the record.
    const poisoned = new Map<LiveMonitor, ComparedAhead>([
      [live[5]!, { desired: byName.get('fresh')!, record: recordOfId.get(monitorId(6)), change: undefined }],
      [live[0]!, { desired: byName.get('drifted')!, record: recordOfId.get(monitorId(1)), change: undefined }],
      [live[2]!, { desired: byName.get('drifted')!, record: undefined, change: undefined }],
    ]);
    const prepared = await prepareAll(monitors, SALT);
    expect(planChanges({ desired: withMoves, live, lock, options, prepared, compared: poisoned })).toEqual(plain);
    expect(plain.changes.find((c) => c.name === 'fresh')).toMatchObject({ reason: 'renamed', previous_name: 'gone' });
    expect(plain.changes.find((c) => c.name === 'edited')).toMatchObject({ id: monitorId(1) });
    expect(plain.changes.find((c) => c.name === 'drifted')).toMatchObject({ reason: 'drift' });
  });

  it('prepareAll prepares each monitor as prepareDesired does, returning to the event loop between chunks', async () => {
    const monitors = Array.from({ length: 5 }, (_, i) => desired(`m${i}`));
    const order: string[] = [];
    setImmediate(() => order.push('other work'));
    const prepared = await prepareAll(monitors, SALT, 2);
    order.push('prepared');
    expect(order).toEqual(['other work', 'prepared']);
    expect([...prepared.keys()]).toEqual(monitors);
    for (const d of monitors) expect(prepared.get(d)!.fingerprint).toBe(prepareDesired(d, SALT).fingerprint);
  });

  it('liveFingerprint from lines made ahead is the one made from the listing', () => {
    const { live } = scenario();
    const lines = new Map(live.map((l) => [l, liveLine(l)]));
    expect(liveFingerprint([...live].reverse(), (l) => lines.get(l)!)).toBe(liveFingerprint(live));
  });
});

describe('nameKey', () => {
  it('is the NFC form of any name (ASCII names skip normalize())', () => {
    expect(nameKey('cafe\u0301')).toBe('café');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => nameKey(name) === name.normalize('NFC')),
      { numRuns: 200 },
    );
  });
});
