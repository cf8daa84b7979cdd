import { describe, expect, it } from 'vitest';
import { exportWorkspace } from '../../src/export/export-workspace.js';
import { UNREADABLE_DEFAULTS } from '../../src/export/unreadable-defaults.js';
import { schemaProblems } from '../../src/schema/check-input.js';
import { ruleProblems } from '../../src/schema/rules.js';
import { SPEC_ONLY_LISTING } from './fixtures.js';
import { mergedMonitors } from './merge-exported.js';

const fingerprint = () => ({ fingerprint: 'sha256:should-not-be-used' });

describe('export of a spec-only listing', () => {
  const result = exportWorkspace(SPEC_ONLY_LISTING, { fingerprint });

  it('splits by type (no groups are visible) into stable file names', () => {
    expect(result.files.map((f) => [f.fileName, f.monitors])).toEqual([
      ['http.yaml', 2],
      ['json.yaml', 1],
      ['keyword.yaml', 1],
      ['tcp.yaml', 1],
    ]);
  });

  it('writes monitors that pass the schema once merged over defaults', () => {
    const monitors = mergedMonitors(result);
    expect(monitors.map((m) => m.name).sort()).toEqual(SPEC_ONLY_LISTING.map((m) => m.name).sort());
    for (const monitor of monitors) expect(schemaProblems(monitor), String(monitor.name)).toEqual([]);
  });

  it('keeps every value the listing did return', () => {
    const byName = new Map(mergedMonitors(result).map((m) => [m.name, m]));
    for (const live of SPEC_ONLY_LISTING) {
      const m = byName.get(live.name)!;
      for (const field of ['type', 'url', 'method', 'interval_seconds', 'timeout_seconds'] as const)
        expect(m[field]).toEqual(live[field]);
    }
  });

  it('fills unreadable required fields with the documented defaults, and says so in a comment', () => {
    const http = result.files.find((f) => f.fileName === 'http.yaml')!.text;
    expect(http).toMatch(/^ {2}retry_count: 0 # not readable: documented default, check it$/m);
    expect(http).toMatch(/^# Values marked "not readable" are documented defaults \(docs\/adopting\.md\)/m);
    for (const monitor of mergedMonitors(result)) {
      for (const field of result.defaulted) expect(monitor[field]).toEqual(UNREADABLE_DEFAULTS[field]);
    }
    expect(result.defaulted).toContain('retry_count');
    expect(result.defaulted).toContain('execution_mode');
  });

  it('leaves type-specific fields as null TODOs that fail the rules at exactly those fields', () => {
    expect(result.todos).toEqual([
      { name: 'Status JSON', fileName: 'json.yaml', fields: ['json_pointer', 'json_operator'] },
      { name: 'Shop search', fileName: 'keyword.yaml', fields: ['keyword'] },
      { name: 'Mail server', fileName: 'tcp.yaml', fields: ['port'] },
    ]);
    const keyword = result.files.find((f) => f.fileName === 'keyword.yaml')!.text;
    expect(keyword).toContain(
      '    # TODO: the listing did not return keyword, and type "keyword" needs it: write the live value\n    keyword: null\n',
    );
    for (const monitor of mergedMonitors(result)) {
      const todo = result.todos.find((t) => t.name === monitor.name)?.fields ?? [];
      expect(
        ruleProblems(monitor).map((p) => p.field),
        String(monitor.name),
      ).toEqual(todo);
    }
  });

  it('records every monitor as not verifiable, never with a fingerprint it cannot vouch for', () => {
    expect(result.records.map((r) => [r.name, r.fingerprint])).toEqual([
      ['Mail server', null],
      ['Shop checkout', null],
      ['Shop home', null],
      ['Shop search', null],
      ['Status JSON', null],
    ]);
    expect(result.records.every((r) => r.secrets === undefined)).toBe(true);
  });

  it('is deterministic: the listing order does not change a byte', () => {
    const reversed = exportWorkspace([...SPEC_ONLY_LISTING].reverse(), { fingerprint });
    expect(reversed).toEqual(result);
  });
});

describe('export of a listing with some extra fields', () => {
  const listing = SPEC_ONLY_LISTING.map((m, i) => ({ ...m, group: i % 2 ? 'Shop' : null, retry_count: 3 }));
  const result = exportWorkspace(listing, { fingerprint });

  it('uses the extra fields it got (groups split the files) and defaults only the rest', () => {
    expect(result.files.map((f) => f.fileName)).toEqual(['shop.yaml', 'ungrouped.yaml']);
    for (const monitor of mergedMonitors(result)) expect(monitor.retry_count).toBe(3);
    expect(result.defaulted).not.toContain('retry_count');
    expect(result.defaulted).toContain('slow_threshold_ms');
    expect(result.records.every((r) => r.fingerprint === null)).toBe(true);
  });
});
