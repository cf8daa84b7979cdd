// Plans show old -> new for fields the listing never returns, from the values the lock file
// keeps: the built CLI against the simulator and the independent spec server, both listing
// only the spec's fields (the case the feature exists for). Secrets and fields filled from
// ${env:...} stay hashes; a lock file written before values were kept plans clean and says
// "(not recorded)" until the next apply.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLock, serializeLock } from '../../src/lock/lock-file.js';
import { recordedHashes } from '../../src/plan/lock-record.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { SERVER_KINDS, startServerUnderTest, type ServerUnderTest } from '../helpers/servers-under-test.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_old_values_0123456789';
const SECRETS = { VALUES_HEADER_TOKEN: 'hdr-tok-7Qx2Lm9P', VALUES_SECRET: 'bearer-sekret-4Rt8Zk1W' };

const yaml = (keyword: string) => `${E2E_DEFAULTS}monitors:
  - name: "status page"
    type: keyword
    url: https://status.example.com/
    keyword: "${keyword}"
    keyword_mode: present
    headers: "X-Api-Token: Bearer \${env:VALUES_HEADER_TOKEN}\\nAccept: text/html"
    auth_type: bearer
    auth_secret: \${env:VALUES_SECRET}
  - name: "shop home"
    url: https://shop.example.com/
`;

let server: ServerUnderTest;
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'old-values-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const lockPath = () => join(dir, 'monitors.lock.json');
const cli = (args: string[], env: Record<string, string> = SECRETS): Promise<CliResult> =>
  runCli(args, {
    cwd: dir,
    env: { MONITORS_API_URL: server.baseUrl, MONITORS_API_TOKEN: TOKEN, MONITORS_RETRY_BASE_MS: '5', ...env },
  });

async function expectCode(args: string[], code: number, env?: Record<string, string>): Promise<CliResult> {
  const run = await cli(args, env);
  expect(run.code, run.stdout + run.stderr).toBe(code);
  return run;
}

/** The lock file as the version before values were kept would have written it: the same hashes, no value. */
function rewriteAsEarlierVersion(): void {
  const lock = parseLock(readFileSync(lockPath(), 'utf8'), 'lock');
  const earlier = lock.monitors.map(({ values, ...record }) => ({
    ...record,
    fields: recordedHashes({ ...record, values }),
  }));
  writeFileSync(lockPath(), serializeLock({ ...lock, monitors: earlier }));
}

describe.each(SERVER_KINDS)('old and new values in plans (%s, spec-only listing)', (kind) => {
  beforeEach(async () => {
    server = await startServerUnderTest(kind, TOKEN);
  });

  it(
    'apply, edit a keyword: the plan shows "old" -> "new" in every view; secrets and env-filled fields stay hashes',
    { timeout: 120_000 },
    async () => {
      writeFileSync(join(dir, 'monitors.yaml'), yaml('ALL SYSTEMS GO'));
      await expectCode(['apply', '--yes'], 0);
      const text = readFileSync(lockPath(), 'utf8');
      const record = parseLock(text, 'lock').monitors.find((r) => r.name === 'status page')!;
      expect(record.values).toMatchObject({ keyword: 'ALL SYSTEMS GO', auth_type: 'bearer', keyword_mode: 'present' });
      expect(Object.keys(record.fields ?? {})).toEqual(['headers']);
      expect(Object.keys(record.secrets ?? {})).toEqual(['auth_secret']);
      for (const value of Object.values(SECRETS))
        for (const form of [value, Buffer.from(value).toString('base64'), Buffer.from(value).toString('base64url')])
          expect(text).not.toContain(form);

      writeFileSync(join(dir, 'monitors.yaml'), yaml('ALL SYSTEMS NOMINAL'));
      const plan = await expectCode(['plan', '--detailed-exitcode'], 2);
      expect(plan.stdout).toContain('    keyword: "ALL SYSTEMS GO" -> "ALL SYSTEMS NOMINAL"');
      expect(plan.stdout).toContain('Plan: 0 to create, 1 to update, 0 to delete.');
      const markdown = await expectCode(['plan', '--format', 'markdown'], 0);
      expect(markdown.stdout).toContain('! keyword: "ALL SYSTEMS GO" -> "ALL SYSTEMS NOMINAL"');
      const json = JSON.parse((await expectCode(['plan', '--format', 'json'], 0)).stdout) as {
        changes: { reason: string; fields: unknown[] }[];
      };
      expect(json.changes).toEqual([
        expect.objectContaining({
          reason: 'changed_since_apply',
          fields: [
            {
              field: 'keyword',
              old: 'ALL SYSTEMS GO',
              new: 'ALL SYSTEMS NOMINAL',
              old_known: true,
              old_source: 'lock',
            },
          ],
        }),
      ]);

      // A saved plan keeps the old value, and applying it records the new one.
      await expectCode(['plan', '--out', 'plan.json'], 0);
      const saved = readFileSync(join(dir, 'plan.json'), 'utf8');
      expect(saved).toContain('"old": "ALL SYSTEMS GO"');
      for (const value of Object.values(SECRETS)) expect(saved).not.toContain(value);
      const applied = await expectCode(['apply', '--plan', 'plan.json'], 0);
      expect(applied.stdout).toContain('    keyword: "ALL SYSTEMS GO" -> "ALL SYSTEMS NOMINAL"');
      const after = parseLock(readFileSync(lockPath(), 'utf8'), 'lock').monitors.find((r) => r.name === 'status page');
      expect(after?.values?.keyword).toBe('ALL SYSTEMS NOMINAL');
      await expectCode(['plan', '--detailed-exitcode'], 0);

      // A rotated header token: a change without values, on either side.
      const rotated = await expectCode(['plan'], 0, { ...SECRETS, VALUES_HEADER_TOKEN: 'hdr-tok-rotated-5Yh3' });
      expect(rotated.stdout).toContain('    headers: (sensitive value changed)');
      expect(rotated.stdout).not.toContain('hdr-tok');
    },
  );

  it(
    'a lock file written before values were kept: no replace, then "(not recorded)" until the next apply',
    { timeout: 120_000 },
    async () => {
      writeFileSync(join(dir, 'monitors.yaml'), yaml('ALL SYSTEMS GO'));
      await expectCode(['apply', '--yes'], 0);
      rewriteAsEarlierVersion();
      const earlier = readFileSync(lockPath(), 'utf8');
      expect(earlier).not.toContain('"values"');

      const clean = await expectCode(['plan', '--detailed-exitcode'], 0);
      expect(clean.stdout).toContain('No changes. 2 monitors up to date.');

      writeFileSync(join(dir, 'monitors.yaml'), yaml('ALL SYSTEMS NOMINAL'));
      const plan = await expectCode(['plan'], 0);
      expect(plan.stdout).toContain('    keyword: (not recorded) -> "ALL SYSTEMS NOMINAL"');
      expect(plan.stdout).toContain('Plan: 0 to create, 1 to update, 0 to delete.');
      await expectCode(['apply', '--yes'], 0);
      const records = parseLock(readFileSync(lockPath(), 'utf8'), 'lock').monitors;
      expect(records.find((r) => r.name === 'status page')?.values?.keyword).toBe('ALL SYSTEMS NOMINAL');
      expect(records.find((r) => r.name === 'shop home')).not.toHaveProperty('values'); // untouched records stay as they were

      writeFileSync(join(dir, 'monitors.yaml'), yaml('ALL SYSTEMS DEGRADED'));
      const next = await expectCode(['plan'], 0);
      expect(next.stdout).toContain('    keyword: "ALL SYSTEMS NOMINAL" -> "ALL SYSTEMS DEGRADED"');
    },
  );
});
