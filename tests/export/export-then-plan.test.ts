// Export, then the real loader and the real planner over what it wrote: the round trip
// the user makes with `export` then `plan`, without the network.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportWorkspace } from '../../src/export/export-workspace.js';
import { newLockFile } from '../../src/lock/lock-file.js';
import { loadDesiredState } from '../../src/load/index.js';
import type { LiveMonitor } from '../../src/model/monitor.js';
import { planChanges } from '../../src/plan/planner.js';
import { lockRecordOf, prepareDesired } from '../../src/plan/prepare.js';
import { FULL_LISTING, SPEC_ONLY_LISTING, full, id } from './fixtures.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function exportAndPlan(live: LiveMonitor[], env: NodeJS.ProcessEnv, fill: (text: string) => string = (t) => t) {
  const dir = mkdtempSync(join(tmpdir(), 'export-plan-'));
  dirs.push(dir);
  const result = exportWorkspace(live);
  for (const file of result.files) writeFileSync(join(dir, file.fileName), fill(file.text));
  const { state, diagnostics } = await loadDesiredState([dir], { env, cwd: dir });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const lock = { ...newLockFile(), monitors: result.records };
  const plan = planChanges({ desired: state, live, lock, options: { scope: { kind: 'lock' } } });
  return Object.assign(plan, { records: result.records, state, salt: lock.salt });
}

describe('export, then plan', () => {
  it('full listing: no changes, except a once-only re-send of each write-only secret', async () => {
    const plan = await exportAndPlan(FULL_LISTING, {
      MONITOR_SECRET_API_LOGIN: 'pw',
      MONITOR_SECRET_GATEWAY_TOKEN: 'tok',
    });
    expect(plan.summary).toEqual({ create: 0, replace: 2, delete: 0, unchanged: 3 });
    expect(plan.changes.map((c) => [c.name, c.reason, c.fields.map((f) => f.field)])).toEqual([
      ['API login', 'changed_since_apply', ['auth_secret']],
      ['Gateway token', 'changed_since_apply', ['auth_secret']],
    ]);
    expect(plan.unmanaged).toEqual([]);
  });

  it('spec-only listing, TODOs filled: every monitor replaced once as not verifiable, nothing created or deleted', async () => {
    const fill = (text: string) =>
      text
        .replace('keyword: null', 'keyword: shoes')
        .replace('port: null', 'port: 25')
        .replace('json_pointer: null', 'json_pointer: /status')
        .replace('json_operator: null', 'json_operator: exists');
    const plan = await exportAndPlan(SPEC_ONLY_LISTING, {}, fill);
    expect(plan.summary).toEqual({ create: 0, replace: 5, delete: 0, unchanged: 0 });
    expect(new Set(plan.changes.map((c) => c.reason))).toEqual(new Set(['not_verifiable']));
    expect(plan.changes.map((c) => c.id).sort()).toEqual(SPEC_ONLY_LISTING.map((m) => m.id).sort());
  });

  it('keeps live text that looks like YAML syntax or like ${env:NAME} exactly as it is live', async () => {
    const names = [
      'a: b',
      '# hash',
      '*star',
      '&anchor',
      'yes',
      'no',
      '123',
      'null',
      '~~',
      '- dash',
      'trail ',
      '<<',
      '2024-01-01',
      'line\nbreak',
      'Café ☕',
      'x'.repeat(100),
    ];
    const tricky = [
      ...names.map((name, i) => full(id(100 + i), name, { url: `https://example.com/${i}` })),
      full(id(200), '${env:HOME}', { url: 'https://example.com/env' }),
      full(id(201), 'literal $${env:HOME} escape', { url: 'https://example.com/escaped' }),
      full(id(203), '${var.domain} and ${each.region}', { url: 'https://example.com/templates' }),
      full(id(204), 'literal $${var.x} escape', { url: 'https://example.com/escaped-var' }),
      full(id(202), 'headers', {
        url: 'https://example.com/h',
        headers: 'X-Probe: ${env:PROBE_SECRET}',
        body: '${env:} and ${vars.x} and ${env:PROBE_SECRET',
      }),
    ];
    const plan = await exportAndPlan(tricky, { HOME: '/home/someone', PROBE_SECRET: 'must-not-be-sent' });
    expect(plan.changes).toEqual([]);
    expect(plan.summary.unchanged).toBe(tricky.length);
    // Each record is the one an apply of the YAML export wrote would record: values kept as
    // written, and a field holding `{env:` text (a template to the loader) as a hash only.
    for (const d of plan.state.monitors) {
      const record = plan.records.find((r) => r.name === d.name)!;
      const { id: _id, name: _name, ...kept } = record;
      expect(kept, d.name).toEqual(lockRecordOf(prepareDesired(d, plan.salt)));
    }
    const headers = plan.records.find((r) => r.name === 'headers')!;
    expect(Object.keys(headers.fields ?? {}).sort()).toEqual(['body', 'headers']);
    expect(JSON.stringify(plan.records)).not.toContain('must-not-be-sent');
  });
});
