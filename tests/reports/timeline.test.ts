// The status page's pure parts: incidents clipped to the window, overlapping incidents
// counted once, a monitor's window starting at its creation; the badge's words, colours and
// escaping; the page's categories (deleted outside the tool).
import { describe, expect, it } from 'vitest';
import type { Incident } from '../../src/api/types.js';
import { renderBadge, statusBadge } from '../../src/render/badge/render-badge.js';
import { incidentsByMonitor, monitorTimeline, timelineWindow } from '../../src/status/timeline.js';
import { DEFAULT_SETTINGS, type DesiredMonitor } from '../../src/model/monitor.js';
import { DELETED_OUTSIDE } from '../../src/status/assemble.js';
import { statusPage } from '../../src/status/page-data.js';
import { syntheticStatusPage } from './synthetic-status.js';

const NOW = new Date('2026-11-27T00:00:00Z');
const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY).toISOString();
const incident = (id: string, opened: number, resolved: number | null, monitor = 'm1'): Incident => ({
  id,
  monitor: { id: monitor, name: null },
  status: 'x',
  severity: 'minor',
  summary: id,
  opened_at: at(opened),
  resolved_at: resolved === null ? null : at(resolved),
});

describe('the incident timeline', () => {
  const window = timelineWindow(NOW, 10);

  it('clips incidents to the window, runs an open one to now, and leaves out unreadable dates', () => {
    const spans = incidentsByMonitor(
      [
        incident('before', 20, 15),
        incident('across', 12, 9),
        incident('open', 1, null),
        { ...incident('bad', 3, 2), opened_at: 'yesterday' },
        incident('other', 5, 4, 'm2'),
      ],
      window,
    );
    const m1 = spans.get('m1')!;
    expect(m1.map((s) => s.id)).toEqual(['across', 'open']);
    expect(m1[0]).toMatchObject({ from: window.start, to: Date.parse(at(9)), open: false });
    expect(m1[1]).toMatchObject({ to: window.end, open: true });
    expect(spans.get('m2')!.map((s) => s.id)).toEqual(['other']);
  });

  it('counts overlapping incidents once, and starts a young monitor at its creation', () => {
    const spans = incidentsByMonitor([incident('a', 6, 4), incident('b', 5, 3), incident('c', 2, 1)], window);
    // Covered: days 6 to 3 and 2 to 1, four of ten.
    expect(monitorTimeline(spans.get('m1')!, window, undefined).clearShare).toBeCloseTo(0.6, 10);
    // Created 8 days ago: four of eight.
    expect(monitorTimeline(spans.get('m1')!, window, at(8)).clearShare).toBeCloseTo(0.5, 10);
    expect(monitorTimeline([], window, at(30)).clearShare).toBe(1);
  });
});

describe('the badge', () => {
  const page = syntheticStatusPage(200, NOW);
  const report = page.environments[0]!.report;

  it('sums up the live monitors, red while one is down', () => {
    const badge = statusBadge(report);
    const b = report.summary.by_status;
    expect(badge).toEqual({
      label: 'monitors',
      message: `${b.up} up, ${b.degraded} degraded, ${b.down} down, ${b.paused} other`,
      colour: '#e05d44',
    });
  });

  it("shows one monitor's status, its name escaped for XML", () => {
    const row = { ...report.monitors[0]!, name: '<a href="x">&</a>', status: 'up' as const, server_status: 'up' };
    const svg = renderBadge(statusBadge({ ...report, monitors: [row] }));
    expect(svg).toContain('<title>&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;: up</title>');
    expect(svg).toContain('fill="#4c1"');
    expect(svg).not.toContain('<a ');
  });
});

describe('the page data', () => {
  it('tells a monitor deleted outside the tool from one not created yet, groups and tags from the YAML', () => {
    const base = syntheticStatusPage(100, NOW).environments[0]!;
    const notCreated = base.rows.find((r) => r.row.state === 'not_created')!.row;
    const deleted = { ...notCreated, name: 'gone', note: `${DELETED_OUTSIDE} (its lock record named 01J)` };
    const report = { ...base.report, monitors: [notCreated, deleted] };
    const desired = {
      monitors: [
        {
          name: notCreated.name,
          input: { group: ' shop ', tags: 'web, ,critical,web' } as unknown as DesiredMonitor['input'],
          envRefs: {},
          source: { file: 'm.yaml', line: 1, col: 1 },
        },
      ],
      moved: [],
      settings: DEFAULT_SETTINGS,
      files: ['m.yaml'],
    };
    const [first, second] = statusPage([{ report, desired, live: [], incidents: [] }], NOW, 30).environments[0]!.rows;
    expect(first).toMatchObject({ category: 'not_created', group: 'shop', tags: ['web', 'critical'], timeline: null });
    expect(second).toMatchObject({ category: 'deleted', group: null, tags: [] });
  });
});
