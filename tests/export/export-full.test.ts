import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { exportWorkspace } from '../../src/export/export-workspace.js';
import { schemaProblems } from '../../src/schema/check-input.js';
import { ruleProblems } from '../../src/schema/rules.js';
import { FULL_LISTING, full, id } from './fixtures.js';
import { mergedMonitors } from './merge-exported.js';

// A stand-in with the planner's signature: what matters here is which input it is given.
const seen: Record<string, unknown>[] = [];
const fingerprint = (input: Record<string, unknown>) => {
  seen.push(input);
  return { fingerprint: `fp:${String(input.name)}` };
};

describe('export of a listing that returns every input field', () => {
  const result = exportWorkspace(FULL_LISTING, { fingerprint });

  it('splits by group, monitors without one in ungrouped.yaml', () => {
    expect(result.files.map((f) => [f.fileName, f.monitors])).toEqual([
      ['content.yaml', 1],
      ['shop-api.yaml', 3],
      ['ungrouped.yaml', 1],
    ]);
  });

  it('factors the values all monitors of a file share into defaults, and nothing else', () => {
    const doc = parse(result.files.find((f) => f.fileName === 'shop-api.yaml')!.text) as {
      defaults: Record<string, unknown>;
      monitors: Record<string, unknown>[];
    };
    expect(doc.defaults).toMatchObject({
      group: 'Shop API',
      execution_mode: 'multi_location',
      locations: ['eu-west', 'us-east'],
      retry_count: 2,
    });
    expect(doc.defaults).not.toHaveProperty('type'); // http and keyword differ
    expect(doc.defaults).not.toHaveProperty('url');
    expect(doc.monitors.map((m) => m.type)).toEqual(['http', 'http', 'keyword']);
    for (const m of doc.monitors) for (const field of Object.keys(doc.defaults)) expect(m).not.toHaveProperty(field);
  });

  it('writes monitors that pass schema and rules, with every returned value kept', () => {
    const byName = new Map(mergedMonitors(result).map((m) => [m.name, m]));
    for (const live of FULL_LISTING) {
      const monitor = byName.get(live.name)!;
      expect(schemaProblems(monitor), live.name).toEqual([]);
      expect(ruleProblems(monitor), live.name).toEqual([]);
      const { auth_secret: _secret, ...withoutSecret } = monitor;
      for (const [field, value] of Object.entries(withoutSecret))
        expect(live[field], `${live.name}.${field}`).toEqual(value);
      const readOnly = ['id', 'status', 'last_check_at', 'next_check_at', 'created_at', 'updated_at'];
      for (const [field, value] of Object.entries(live))
        if (value !== null && !readOnly.includes(field)) expect(monitor[field], `${live.name}.${field}`).toEqual(value);
    }
  });

  it('fingerprints exactly what the YAML says, so the next plan can be empty', () => {
    expect(result.records.map((r) => [r.name, r.fingerprint])).toEqual([
      ['API health', 'fp:API health'],
      ['API login', 'fp:API login'],
      ['API search', 'fp:API search'],
      ['Blog', 'fp:Blog'],
      ['Gateway token', 'fp:Gateway token'],
    ]);
    const merged = new Map(mergedMonitors(result).map((m) => [m.name, m]));
    for (const input of seen) expect(input).toEqual(merged.get(input.name));
    expect(result.defaulted).toEqual([]);
    expect(result.todos).toEqual([]);
    expect(result.files.some((f) => f.text.includes('not readable'))).toBe(false);
  });

  it('writes a secret only as an env reference with a comment, and no secret hash in the lock', () => {
    expect(result.secrets).toEqual([
      { name: 'API login', env: 'MONITOR_SECRET_API_LOGIN' },
      { name: 'Gateway token', env: 'MONITOR_SECRET_GATEWAY_TOKEN' },
    ]);
    const text = result.files.find((f) => f.fileName === 'ungrouped.yaml')!.text;
    expect(text).toContain(
      'auth_secret: ${env:MONITOR_SECRET_GATEWAY_TOKEN} # write-only, never returned: set MONITOR_SECRET_GATEWAY_TOKEN',
    );
    expect(result.records.every((r) => r.secrets === undefined)).toBe(true);
  });

  it('gives monitors whose names slug alike distinct secret variables', () => {
    const twins = exportWorkspace([
      full(id(21), 'API: login', { auth_type: 'bearer' }),
      full(id(22), 'API login', { auth_type: 'bearer' }),
    ]);
    expect(twins.secrets).toEqual([
      { name: 'API login', env: 'MONITOR_SECRET_API_LOGIN' },
      { name: 'API: login', env: 'MONITOR_SECRET_API_LOGIN_2' },
    ]);
  });

  it('does not export names held by several live monitors, and reports them', () => {
    const dup = exportWorkspace([...FULL_LISTING, full(id(30), 'Blog', {}), full(id(9), 'Blog', { group: 'Content' })]);
    expect(dup.duplicates).toEqual([{ name: 'Blog', ids: [id(14), id(30), id(9)].sort() }]);
    expect(dup.records.map((r) => r.name)).not.toContain('Blog');
  });

  it('marks a verified record unverifiable when a type field came back empty', () => {
    const odd = exportWorkspace([full(id(40), 'Port check', { type: 'tcp', url: 'mail.example.com', port: null })], {
      fingerprint,
    });
    expect(odd.todos).toEqual([{ name: 'Port check', fileName: 'tcp.yaml', fields: ['port'] }]);
    expect(odd.records[0]?.fingerprint).toBeNull();
  });

  it('takes optional fields a full listing leaves out as unset, and still vouches for the record', () => {
    const sparse = Object.fromEntries(
      Object.entries(full(id(60), 'Sparse', {})).filter(([, v]) => v !== null),
    ) as (typeof FULL_LISTING)[number];
    const { headers: _h, locations: _l, keyword_case_sensitive: _k, ...withoutOptional } = sparse;
    const out = exportWorkspace([{ ...withoutOptional, execution_mode: 'local', consensus_threshold: 1 }], {
      fingerprint,
    });
    expect(out.records[0]?.fingerprint).toBe('fp:Sparse');
    expect(out.files[0]?.text).not.toContain('keyword');
  });

  it('is deterministic: the listing order does not change a byte', () => {
    expect(exportWorkspace([...FULL_LISTING].reverse(), { fingerprint })).toEqual(result);
  });
});
