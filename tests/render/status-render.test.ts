// The three views of a status report.
import { describe, expect, it } from 'vitest';
import { renderStatusJson } from '../../src/render/status-json.js';
import { renderStatusMarkdown } from '../../src/render/status-markdown.js';
import { renderStatusText } from '../../src/render/status-text.js';
import { STATUS_FORMAT_VERSION, type StatusReport, type StatusRow } from '../../src/status/types.js';

const row = (name: string, status: StatusRow['status'], extra: Partial<StatusRow> = {}): StatusRow => ({
  name,
  id:
    status === null
      ? null
      : `01HZ${name
          .toUpperCase()
          .replace(/[^A-Z]/g, 'X')
          .padEnd(22, '0')
          .slice(0, 22)}`,
  state: status === null ? 'not_created' : 'live',
  status,
  server_status: status,
  last_check_at: status === null || status === 'pending' ? null : '2024-05-01T10:00:00Z',
  next_check_at: status === null ? null : '2024-05-01T10:05:00Z',
  open_incidents: [],
  failing: false,
  ...extra,
});

function report(monitors: StatusRow[], extra: Partial<StatusReport> = {}): StatusReport {
  const by_status = {
    pending: 0,
    up: 0,
    degraded: 0,
    down: 0,
    paused: 0,
    maintenance: 0,
    awaiting_allowlist: 0,
    unknown: 0,
  };
  for (const r of monitors) if (r.status) by_status[r.status] += 1;
  const open = monitors.reduce((n, r) => n + (r.open_incidents?.length ?? 0), 0);
  return {
    format_version: STATUS_FORMAT_VERSION,
    environment: null,
    summary: {
      managed: monitors.length,
      by_status,
      not_created: monitors.filter((r) => r.status === null).length,
      not_in_yaml: monitors.filter((r) => r.state === 'not_in_yaml').length,
      open_incidents: open,
      unmanaged: 2,
    },
    fail_on: 'down',
    failed: monitors.some((r) => r.failing),
    incidents_read: true,
    monitors,
    notes: [],
    ...extra,
  };
}

const INCIDENT = {
  id: 'INC1',
  status: 'ongoing',
  severity: 'major',
  summary: 'cart: 503 from eu-west',
  opened_at: '2024-05-01T09:58:00Z',
};

const SAMPLE = report([
  row('home', 'up'),
  row('cart', 'down', { failing: true, open_incidents: [INCIDENT] }),
  row('search', 'unknown', { server_status: 'sleeping' }),
  row('new page', null),
  row('old page', 'pending', { state: 'not_in_yaml' }),
  row('blog', 'up', { live_name: 'blog (old)' }),
]);

describe('text', () => {
  it('is an aligned table, problems first, incidents under their monitor, then the summary and what fails', () => {
    expect(renderStatusText(SAMPLE, { color: false })).toBe(
      [
        'STATUS       MONITOR   LAST CHECK            NEXT CHECK            ID',
        'down         cart      2024-05-01T10:00:00Z  2024-05-01T10:05:00Z  01HZCART000000000000000000',
        '             open incident since 2024-05-01T09:58:00Z (major, ongoing): cart: 503 from eu-west',
        'sleeping     search    2024-05-01T10:00:00Z  2024-05-01T10:05:00Z  01HZSEARCH0000000000000000  (a status the spec does not list)',
        'pending      old page  -                     2024-05-01T10:05:00Z  01HZOLDXPAGE00000000000000  (managed, in no YAML entry: the next apply deletes it)',
        'not created  new page  -                     -                     -  (the next apply creates it)',
        'up           home      2024-05-01T10:00:00Z  2024-05-01T10:05:00Z  01HZHOME000000000000000000',
        'up           blog      2024-05-01T10:00:00Z  2024-05-01T10:05:00Z  01HZBLOG000000000000000000  (named "blog (old)" on the server: the next apply renames it)',
        '',
        'Status: 2 up, 0 degraded, 1 down, 1 pending, 1 with another status, 1 not created (6 managed monitors); 1 open incident; 2 unmanaged monitors not shown.',
        'Failing (--fail-on down): "cart" is down.',
        '',
      ].join('\n'),
    );
  });

  it('colours the status only when asked, and escapes control characters from the server', () => {
    const hostile = report([
      row('evil\u001b]0;owned\u0007', 'down', { open_incidents: [{ ...INCIDENT, summary: 'x\u001b[2Jy' }] }),
    ]);
    const plain = renderStatusText(hostile, { color: false });
    expect(plain).not.toContain('\u001b');
    expect(plain).toContain('evil\\u001b]0;owned\\u0007');
    expect(plain).toContain('x\\u001b[2Jy');
    const coloured = renderStatusText(hostile, { color: true });
    expect(coloured).toContain('\u001b[31mdown  \u001b[0m');
    expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(plain);
  });

  it('names the environment, the notes, and a workspace with nothing managed', () => {
    const empty = report([], { environment: 'staging', notes: ['Open incidents were not read: because.'] });
    expect(renderStatusText(empty, { color: false })).toBe(
      [
        'Environment: staging',
        '',
        'note: Open incidents were not read: because.',
        '',
        'Status: no managed monitors; 2 unmanaged monitors not shown.',
        '',
      ].join('\n'),
    );
  });

  it('says when the incidents were not read', () => {
    const unread = report([row('home', 'up', { open_incidents: null })]);
    unread.summary.open_incidents = null;
    expect(renderStatusText(unread, { color: false })).toContain(
      'Status: 1 up, 0 degraded, 0 down (1 managed monitor); open incidents not read; 2 unmanaged monitors not shown.',
    );
  });
});

describe('markdown', () => {
  it('puts the summary and what fails above a table that opens when something is wrong', () => {
    const md = renderStatusMarkdown({ ...SAMPLE, environment: 'staging' });
    expect(md.split('\n').slice(0, 6)).toEqual([
      '**Status in staging: 2 up, 0 degraded, 1 down, 1 pending, 1 with another status, 1 not created (6 managed monitors); 1 open incident; 2 unmanaged monitors not shown.**',
      '',
      '**Failing (--fail-on down):** `cart` is down.',
      '',
      '<details open>',
      '<summary>Show 6 monitors</summary>',
    ]);
    expect(md).toContain(
      '| 🔴 down | `cart` | 2024-05-01T10:00:00Z | 2024-05-01T10:05:00Z | since 2024-05-01T09:58:00Z (major, ongoing): cart: 503 from eu-west |',
    );
    expect(md).toContain('| ⚪ not created | `new page`<br>_the next apply creates it_ | - | - |  |');
    expect(md).toContain('| ❔ sleeping | `search`<br>_a status the spec does not list_ |');
  });

  it('keeps names with pipes and backticks inside their cell, and stays closed when all is well', () => {
    const md = renderStatusMarkdown(report([row('a | `b`', 'up')], { fail_on: null }));
    expect(md).toContain('| 🟢 up | `` a \\| `b` `` |');
    expect(md).toContain('<details>');
    expect(md).not.toContain('Failing');
  });

  it('is cut to fit a comment, the least severe rows first', () => {
    const many = report([row('down one', 'down'), ...Array.from({ length: 400 }, (_, i) => row(`monitor ${i}`, 'up'))]);
    const md = renderStatusMarkdown(many, 20_000);
    expect(md.length).toBeLessThan(20_000);
    expect(md).toContain('`down one`');
    expect(md).toMatch(/\*\*Cut to fit a comment:\*\* \d+ monitors left out \(the least severe\)/);
  });
});

describe('json', () => {
  it('is the report as it is, format_version and environment first', () => {
    const json = renderStatusJson(SAMPLE);
    expect(JSON.parse(json)).toEqual(SAMPLE);
    expect(Object.keys(JSON.parse(json) as object).slice(0, 2)).toEqual(['format_version', 'environment']);
  });
});
