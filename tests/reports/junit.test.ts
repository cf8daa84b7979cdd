// JUnit reports read back by a JUnit parser (junit2json, which CI uploaders use): the
// counts, the verdict of each status, the time, and names that would break XML kept intact.
import { execFileSync } from 'node:child_process';
import { parse } from 'junit2json';
import { describe, expect, it } from 'vitest';
import { describeWithTools, XMLLINT } from '../helpers/needs-tool.js';
import { CHECK_FORMAT_VERSION, type CheckReport, type CheckResult } from '../../src/check/types.js';
import { renderCheckJunit } from '../../src/render/junit/check-junit.js';
import { renderStatusJunit } from '../../src/render/junit/status-junit.js';
import { STATUS_FORMAT_VERSION, type StatusReport, type StatusRow } from '../../src/status/types.js';

const HOSTILE = `<img src=x onerror=alert(1)> & "quotes" 'too'\u0001 ]]>`;

const result = (name: string, status: CheckResult['status'], ms?: number): CheckResult => ({
  name,
  type: 'http',
  target: 'https://shop.example.com/',
  status,
  reason: `${status} because`,
  ...(ms !== undefined ? { duration_ms: ms } : {}),
  attempts: 1,
  source: { file: 'monitors/shop.yaml', line: 3, col: 5 },
});

const checkReport = (results: CheckResult[]): CheckReport => ({
  format_version: CHECK_FORMAT_VERSION,
  environment: 'staging',
  summary: { up: 0, degraded: 0, down: 0, not_checked: 0 },
  results,
  notes: [],
});

const checkXml = () =>
  renderCheckJunit(
    checkReport([
      result(HOSTILE, 'up', 120),
      result('slow', 'degraded', 2500),
      result('broken', 'down', 30),
      result('ping', 'not_checked'),
    ]),
  );

describe('check --format junit', () => {
  it('reads back: down fails with its reason, degraded and not checked are skipped, times in seconds', async () => {
    const xml = checkXml();
    const parsed = (await parse(xml)) as any;
    expect(parsed).toMatchObject({ tests: 4, failures: 1, skipped: 2, errors: 0 });
    const suite = parsed.testsuite[0];
    expect(suite.name).toBe('monitors check (staging)');
    const cases = suite.testcase;
    expect(cases.map((c: any) => c.name)).toEqual([HOSTILE.replace('\u0001', '\\u0001'), 'slow', 'broken', 'ping']);
    expect(cases.map((c: any) => c.time)).toEqual([0.12, 2.5, 0.03, 0]);
    expect(cases[0].failure).toBeUndefined();
    expect(cases[0].skipped).toBeUndefined();
    expect(cases[2].failure[0]).toMatchObject({ type: 'down', message: 'down because' });
    expect(cases[1].skipped[0].message).toBe('degraded: degraded because');
    expect(cases[3].skipped[0].message).toBe('not checked: not_checked because');
    expect(cases[2].classname).toBe('staging.monitors/shop.yaml');
  });
});

describeWithTools([XMLLINT], 'check --format junit, read by libxml2', () => {
  it("is well-formed for libxml2's own parser (xmllint), hostile names and all", () => {
    expect(execFileSync('xmllint', ['--noout', '-'], { input: checkXml(), encoding: 'utf8' })).toBe('');
  });
});

const row = (name: string, status: StatusRow['status'], over: Partial<StatusRow> = {}): StatusRow => ({
  name,
  id: status === null ? null : '01HZZZZZZZZZZZZZZZZZZZZZZZ',
  state: status === null ? 'not_created' : 'live',
  status,
  server_status: status,
  last_check_at: status === null ? null : '2026-05-01T10:00:00Z',
  next_check_at: null,
  open_incidents: [],
  failing: false,
  ...over,
});

const statusReport = (rows: StatusRow[], failOn: StatusReport['fail_on'] = null): StatusReport => ({
  format_version: STATUS_FORMAT_VERSION,
  environment: null,
  summary: {
    managed: rows.length,
    by_status: {
      pending: 0,
      up: 0,
      degraded: 0,
      down: 0,
      paused: 0,
      maintenance: 0,
      awaiting_allowlist: 0,
      unknown: 0,
    },
    not_created: 0,
    not_in_yaml: 0,
    open_incidents: 0,
    unmanaged: 0,
  },
  fail_on: failOn,
  failed: rows.some((r) => r.failing),
  incidents_read: true,
  monitors: rows,
  notes: [],
});

describe('status --format junit', () => {
  const incident = {
    id: 'i1',
    status: 'open',
    severity: 'major',
    summary: 'checkout <502>',
    opened_at: '2026-05-01T09:00:00Z',
  };

  it('reads back: down fails with its open incident, degraded is skipped unless --fail-on degraded', async () => {
    const rows = [
      row('home', 'up'),
      row('checkout', 'down', { open_incidents: [incident] }),
      row('search', 'degraded'),
      row('blog', 'paused'),
      row('cart', null, { open_incidents: null }),
    ];
    const parsed = (await parse(renderStatusJunit(statusReport(rows)))) as any;
    expect(parsed).toMatchObject({ tests: 5, failures: 1, skipped: 3 });
    const cases = parsed.testsuite[0].testcase;
    expect(cases[1].failure[0].message).toBe('down: open incident "checkout <502>" since 2026-05-01T09:00:00Z');
    expect(cases[2].skipped[0]).toMatchObject({ type: 'degraded' });
    expect(cases[4].skipped[0].message).toMatch(/^not created; the next apply creates it/);
    expect(parsed.testsuite[0].name).toBe('monitors status');

    const strict = rows.map((r) => (r.status === 'degraded' || r.status === 'down' ? { ...r, failing: true } : r));
    const failing = (await parse(renderStatusJunit(statusReport(strict, 'degraded')))) as any;
    expect(failing).toMatchObject({ failures: 2, skipped: 2 });
    expect(failing.testsuite[0].testcase[2].failure[0]).toMatchObject({ type: 'degraded', message: 'degraded' });
  });
});
