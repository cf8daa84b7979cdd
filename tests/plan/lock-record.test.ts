// What a lock record keeps (src/plan/lock-record.ts): values as written, env-filled fields
// and secrets only as hashes; the per-field hashes a record stands for, the same as the
// ones earlier versions wrote; and what it says of an old value.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/load/index.js';
import { serializeLock } from '../../src/lock/lock-file.js';
import type { DesiredMonitor } from '../../src/model/monitor.js';
import { recordedHashes, recordedOld } from '../../src/plan/lock-record.js';
import { prepareDesired } from '../../src/plan/prepare.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { desired, input, legacyRecordOf, liveOf, lockOf, monitorId, plan, recordOf, SALT, state } from './fixtures.js';

const X = monitorId(1);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Desired monitors as the real loader makes them from YAML text and an environment. */
async function load(yaml: string, env: Record<string, string> = {}): Promise<DesiredMonitor[]> {
  const dir = mkdtempSync(join(tmpdir(), 'lock-record-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'monitors.yaml'), yaml);
  const { state: loaded, diagnostics } = await loadDesiredState([dir], { env, cwd: dir });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return loaded.monitors;
}

describe('the record of an applied monitor', () => {
  it('keeps each field as written: defaults merged, list order, header text, tags spelling and an explicit null', async () => {
    const [d] = await load(
      `${E2E_DEFAULTS}monitors:\n  - name: shop\n    url: https://shop.example.com/a\n    locations: [us-east, eu-west]\n    consensus_threshold: 2\n    execution_mode: multi_location\n    headers: "X-B:  2\\r\\nX-A: 1"\n    tags: "zeta, alpha ,zeta"\n    group: null\n`,
    );
    const record = recordOf(X, d!);
    expect(record.values).toMatchObject({
      name: 'shop',
      url: 'https://shop.example.com/a',
      locations: ['us-east', 'eu-west'],
      headers: 'X-B:  2\r\nX-A: 1',
      tags: 'zeta, alpha ,zeta',
      group: null,
      retry_count: 1, // from defaults:
    });
    expect(record).not.toHaveProperty('fields'); // nothing came from the environment
    expect(record).not.toHaveProperty('secrets');
  });

  it('stands for the same per-field hashes as a record of an earlier version (which held only those)', () => {
    const overrides = fc.record(
      {
        tags: fc.constantFrom('b, a', 'a,b', ' a ', ''),
        locations: fc.constantFrom(['eu-west', 'us-east'], ['us-east'], []),
        headers: fc.constantFrom('X-A:1\r\nX-B:  2', 'X-A: 1', '\n'),
        group: fc.constantFrom(null, 'shop', ''),
        follow_redirects: fc.constantFrom(null, true, false),
        keyword_case_sensitive: fc.constantFrom(null, false),
        url: fc.constantFrom('https://Shop.example.com', 'https://shop.example.com/x'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(overrides, fc.boolean(), (o, templatedUrl) => {
        const d = desired(
          'alpha',
          o,
          templatedUrl ? { envRefs: { url: '${env:URL}' }, envValues: { URL: String(o.url ?? '') } } : {},
        );
        const prepared = prepareDesired(d, SALT);
        expect(recordedHashes(recordOf(X, d))).toEqual(prepared.fieldHashes());
      }),
      { numRuns: 100 },
    );
  });

  // `Authorization:` itself is refused in headers (rule.header_forbidden): a custom header carries a bearer token the same way.
  it('never holds a secret, its base64, or a value that came from ${env:...}, wholly or partly', async () => {
    const env = {
      TOKEN: 'tok-9f8e7d6c5b4a',
      PASSWORD: 'pw-1a2b3c4d5e',
      HOST_KEY: 'key-q1w2e3r4',
      REGION: 'ap-south',
    };
    const monitors = await load(
      `vars:\n  token: "\${env:TOKEN}"\n${E2E_DEFAULTS}monitors:\n` +
        `  - name: via var\n    url: https://var.example.com/\n    keyword: "\${var.token}"\n    type: keyword\n` +
        `  - name: api\n    url: https://api.example.com/health?key=\${env:HOST_KEY}\n    headers: "X-Api-Token: Bearer \${env:TOKEN}\\nAccept: */*"\n` +
        `    method: POST\n    body: '{"token": "\${env:TOKEN}"}'\n` +
        `    locations: ["\${env:REGION}", eu-west]\n    execution_mode: multi_location\n    consensus_threshold: 1\n` +
        `  - name: basic\n    url: https://basic.example.com/\n    auth_type: basic\n    auth_username: ops\n    auth_secret: \${env:PASSWORD}\n`,
      env,
    );
    const lock = lockOf(monitors.map((d, i) => recordOf(monitorId(i + 1), d)));
    const text = serializeLock(lock);
    const forbidden = Object.values(env).flatMap((v) => [
      v,
      Buffer.from(v).toString('base64'),
      Buffer.from(v).toString('base64url'),
      Buffer.from(`ops:${v}`).toString('base64'), // what a basic-auth header would carry
    ]);
    for (const value of forbidden) expect(text).not.toContain(value);
    const api = lock.monitors.find((r) => r.name === 'api')!;
    expect(Object.keys(api.fields!).sort()).toEqual(['body', 'headers', 'locations', 'url']);
    expect(api.values).not.toHaveProperty('headers');
    expect(api.values).toMatchObject({ name: 'api', execution_mode: 'multi_location' });
    const basic = lock.monitors.find((r) => r.name === 'basic')!;
    expect(basic.values).not.toHaveProperty('auth_secret');
    expect(basic.values).toMatchObject({ auth_type: 'basic', auth_username: 'ops' });
    expect(basic.secrets?.auth_secret).toMatch(/^scrypt-n15r8p1:/);
    const viaVar = lock.monitors.find((r) => r.name === 'via var')!; // a var holding ${env:...} is a reference too
    expect(Object.keys(viaVar.fields!)).toEqual(['keyword']);
  });
});

describe('what a record says of an old value', () => {
  const d = desired('alpha', { keyword: 'Buy', group: null }, { envRefs: { headers: 'X: ${env:H}' } });
  const withHeader = { ...d, input: { ...d.input, headers: 'X: secret-h' } } as DesiredMonitor;

  it('a record with values: the value in the form values are compared in, unset, or "from the environment"', () => {
    const record = recordOf(X, withHeader);
    expect(recordedOld(record, 'keyword')).toEqual({ known: true, value: 'Buy' });
    expect(recordedOld(record, 'group')).toEqual({ known: true, value: undefined }); // an explicit null: unset
    expect(recordedOld(record, 'port')).toEqual({ known: true, value: undefined });
    expect(recordedOld(record, 'follow_redirects')).toEqual({ known: true, value: false }); // its default
    expect(recordedOld(record, 'headers')).toEqual({ known: false, why: 'environment' });
  });

  it('a record from before values were kept: unset when its hashes do not name the field, otherwise not recorded', () => {
    const record = legacyRecordOf(X, withHeader);
    expect(recordedOld(record, 'keyword')).toEqual({ known: false, why: 'not_recorded' });
    expect(recordedOld(record, 'headers')).toEqual({ known: false, why: 'not_recorded' });
    expect(recordedOld(record, 'port')).toEqual({ known: true, value: undefined });
    expect(recordedOld({ id: X, name: 'alpha', fingerprint: 'sha256:x' }, 'port')).toEqual({
      known: false,
      why: 'not_recorded',
    });
  });
});

describe('a stored spelling never causes a diff', () => {
  const spellings = [
    { tags: 'b, a,  b', locations: ['us-east', 'eu-west'], headers: 'X-A:1\r\nX-B:  2\r\n', group: null },
    { tags: 'a,b', locations: ['eu-west', 'us-east'], headers: 'X-A: 1\nX-B: 2' },
  ];
  const live = (mode: 'spec' | 'full') => [liveOf(X, input('alpha', spellings[1]), mode)];

  it.each([
    ['spec', 0, 1],
    ['spec', 1, 0],
    ['full', 0, 1],
    ['full', 1, 0],
  ] as const)('%s listing: values kept in one spelling, the YAML in another: no change', (mode, stored, yaml) => {
    const lock = lockOf([recordOf(X, desired('alpha', spellings[stored]))]);
    expect(lock.monitors[0]!.values).toMatchObject({ tags: spellings[stored]!.tags });
    const p = plan(state([desired('alpha', spellings[yaml])]), live(mode), lock);
    expect(p.changes).toEqual([]);
    expect(p.summary.unchanged).toBe(1);
  });

  it('a value hand-edited into another spelling of the same meaning changes nothing either', () => {
    const record = recordOf(X, desired('alpha', spellings[1]));
    const respelled = { ...record, values: { ...record.values, tags: ' b ,a', headers: 'X-A:   1\r\nX-B: 2' } };
    const p = plan(state([desired('alpha', spellings[1])]), live('spec'), lockOf([respelled]));
    expect(p.changes).toEqual([]);
  });
});
