// plan and apply as a user runs them: the built CLI as a process against the simulator
// on a random port. Exit codes, messages without stack traces, nothing half-done.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fieldHash } from '../../src/plan/fingerprint.js';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { editMonitorOutOfBand, openIncident } from '../helpers/sim-admin.js';

const TOKEN = 'tok_plan_apply_SENTINEL_9f8e7d6c';
const READ_ONLY = 'tok_read_only_0123456789';
const SECRET = 'secret-value-SENTINEL-42';
let sim: SimServer;
let dir: string;

const DEFAULTS = E2E_DEFAULTS;

function writeMonitors(items: string, extra = ''): void {
  writeFileSync(join(dir, 'monitors.yaml'), `${DEFAULTS}monitors:\n${items}${extra}`);
}
const monitor = (name: string, more = '') => `  - name: ${name}\n    url: https://shop.example.com/${name}\n${more}`;

const env = (extra: Record<string, string> = {}) => ({
  MONITORS_API_URL: sim.baseUrl,
  MONITORS_API_TOKEN: TOKEN,
  MONITORS_RETRY_BASE_MS: '5',
  SHOP_SECRET: SECRET,
  ...extra,
});
const cli = (args: string[], extra: Record<string, string> = {}) => runCli(args, { cwd: dir, env: env(extra) });
const liveNames = () =>
  [...sim.core.state.workspace('default').monitors.values()].map((m) => m.input.name as string).sort();

function expectCleanFailure(result: CliResult, code: string): void {
  expect(result.code, result.stdout + result.stderr).toBe(1);
  expect(result.stderr).toContain(`error ${code}:`);
  expect(result.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
  expect(result.stdout + result.stderr).not.toContain(TOKEN);
}

beforeAll(async () => {
  // No simulated check within a test: one finding a monitor up would resolve the incident a test opened.
  sim = await startSimServer({
    tokens: [fullScopeToken(TOKEN), { ...fullScopeToken(READ_ONLY), scopes: ['monitors:read'] }],
    monitorLimit: 3,
    checks: { delayMs: 3_600_000 },
  });
});
afterAll(() => sim.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'plan-apply-'));
  sim.core.options.monitorLimit = 3;
  for (const m of sim.core.state.workspace('default').monitors.values())
    sim.core.state.deleteMonitor(sim.core.state.workspace('default'), m.id);
  sim.clearRequests();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('plan', () => {
  it('exits 2 with --detailed-exitcode when there are changes, 0 when none, and prints the summary line', async () => {
    writeMonitors(monitor('alpha') + monitor('beta'));
    const first = await cli(['plan', '.', '--detailed-exitcode']);
    expect(first.code, first.stderr).toBe(2);
    expect(first.stdout).toContain('Plan: 2 to create, 0 to update, 0 to delete.');
    const plain = await cli(['plan', '.']);
    expect(plain.code).toBe(0);
    expect((await cli(['apply', '.', '--yes'])).code).toBe(0);
    const after = await cli(['plan', '.', '--detailed-exitcode']);
    expect(after.code, after.stdout).toBe(0);
    expect(after.stdout).toContain('No changes. 2 monitors up to date.');
  });

  it('prints versioned JSON and Markdown', async () => {
    writeMonitors(monitor('alpha'));
    const json = JSON.parse((await cli(['plan', '--format', 'json'])).stdout) as {
      format_version: number;
      summary: Record<string, number>;
      changes: { action: string; id: unknown; name: string }[];
    };
    expect(json.format_version).toBe(1);
    expect(json.summary).toEqual({ create: 1, replace: 0, delete: 0, unchanged: 0 });
    expect(json.changes[0]).toMatchObject({ action: 'create', name: 'alpha', id: null });
    const md = (await cli(['plan', '--format', 'markdown'])).stdout;
    expect(md.split('\n')[0]).toBe('**Plan: 1 to create, 0 to update, 0 to delete.**');
    expect(md).toContain('<details>');
  });

  it('stops on YAML errors before changing anything', async () => {
    writeFileSync(
      join(dir, 'monitors.yaml'),
      `${DEFAULTS}monitors:\n  - name: alpha\n    url: https://shop.example.com/\n    timeout: 5\n`,
    );
    const result = await cli(['plan', '.']);
    expectCleanFailure(result, 'CONFIG_INVALID');
    expect(result.stderr).toMatch(/monitors\.yaml:19:5: error \S+ unknown field "timeout"/);
    // Reads may have started while the YAML loaded (they overlap for speed); no write did.
    expect(sim.requests().filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('explains a missing token, a rejected token and an unreachable server in one line each', async () => {
    writeMonitors(monitor('alpha'));
    expectCleanFailure(await cli(['plan'], { MONITORS_API_TOKEN: '' }), 'CONFIG_NO_TOKEN');
    const rejected = await cli(['plan'], { MONITORS_API_TOKEN: 'tok_not_known_1234' });
    expectCleanFailure(rejected, 'API_UNAUTHORIZED');
    expect(rejected.stderr).toContain('settings, API');
    const unreachable = await cli(['plan'], {
      MONITORS_API_URL: 'http://127.0.0.1:9/api/v1',
      MONITORS_MAX_ATTEMPTS: '2',
    });
    expectCleanFailure(unreachable, 'API_UNREACHABLE');
    expectCleanFailure(
      await cli(['plan'], { MONITORS_API_URL: 'http://monitoring.example.com/api/v1' }),
      'CONFIG_INSECURE_URL',
    );
  });

  it('plans with a monitors:read token, noting what it could not check; apply needs monitors:write', async () => {
    writeMonitors(monitor('alpha'));
    const plan = await cli(['plan', '--detailed-exitcode'], { MONITORS_API_TOKEN: READ_ONLY });
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('monitor limit was not checked: the token lacks the account:read scope');
    expect(plan.stdout).toContain('Open incidents were not checked: the token lacks the incidents:read scope');
    const apply = await cli(['apply', '--yes'], { MONITORS_API_TOKEN: READ_ONLY });
    expect(apply.code).toBe(1);
    expect(apply.stdout).toContain('API_FORBIDDEN');
    expect(apply.stdout).toContain('monitors:write');
  });

  it('warns when the creates would exceed the workspace monitor limit, and marks open incidents', async () => {
    writeMonitors(['m1', 'm2'].map((n) => monitor(n)).join(''));
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    const [id] = [...sim.core.state.workspace('default').monitors.keys()];
    await openIncident(sim.adminUrl, id!);
    writeMonitors(
      ['m1', 'm2', 'm3', 'm4']
        .map((n) => monitor(n, n === 'm1' || n === 'm2' ? '    timeout_seconds: 12\n' : ''))
        .join(''),
    );
    const plan = await cli(['plan']);
    expect(plan.stdout).toMatch(/Warning: The workspace allows 3 monitors and uses 2; this plan would need 4/);
    expect(plan.stdout).toContain('note: has an open incident');
  });

  it('--out to a path that cannot be written: one clear error at once, no plan printed, nothing written', async () => {
    writeMonitors(monitor('alpha'));
    writeFileSync(join(dir, 'a-file'), 'x');
    for (const out of [join(dir, 'a-file', 'plan.json'), '/proc/no-such-folder/plan.json']) {
      if (out.startsWith('/proc/') && !existsSync('/proc/self')) continue;
      const started = Date.now();
      const result = await runCli(['plan', '--out', out], { cwd: dir, env: env(), timeoutMs: 15_000 });
      expect(result.signal, `plan --out ${out} hung`).toBeNull();
      expectCleanFailure(result, 'FILE_WRITE_FAILED');
      expect(result.stderr).toContain(out);
      expect(result.stdout).toBe('');
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    // A folder is refused as an option, before anything is read or sent.
    const folder = await runCli(['plan', '--out', dir], { cwd: dir, env: env() });
    expectCleanFailure(folder, 'BAD_OPTION');
    expect(folder.stdout).toBe('');
    expect(readdirSync(dir).sort()).toEqual(['a-file', 'monitors.yaml']);
  });

  it('--out never overwrites the YAML or the lock file it plans from', async () => {
    writeMonitors(monitor('alpha'));
    expect((await cli(['apply', '.', '--yes'])).code).toBe(0);
    const before = readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]);
    for (const out of ['monitors.yaml', 'monitors.lock.json', join(dir, 'monitors.lock.json')]) {
      const result = await cli(['plan', '.', '--out', out]);
      expectCleanFailure(result, 'BAD_OPTION');
      expect(result.stderr).toContain(`--out ${out}`);
    }
    expect(
      readdirSync(dir)
        .sort()
        .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
    ).toEqual(before);
  });

  it('refuses a plan that deletes more than the limits unless allowed', async () => {
    sim.core.options.monitorLimit = 100; // a roomier workspace for this one
    writeMonitors(['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((n) => monitor(n)).join(''));
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    writeMonitors(monitor('a1'));
    expectCleanFailure(await cli(['plan']), 'PLAN_MASS_DELETE');
    const allowed = await cli(['apply', '--yes', '--allow-mass-delete']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(liveNames()).toEqual(['a1']);
  });
});

describe('apply', () => {
  it('requires --yes without a terminal and changes nothing without it', async () => {
    writeMonitors(monitor('alpha'));
    const result = await cli(['apply']);
    expectCleanFailure(result, 'APPLY_NEEDS_YES');
    expect(liveNames()).toEqual([]);
    expect(readdirSync(dir)).toEqual(['monitors.yaml']);
  });

  it('renames in place through `moved`, keeping the id', async () => {
    writeMonitors(monitor('old-name'));
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    const [before] = [...sim.core.state.workspace('default').monitors.keys()];
    writeMonitors(monitor('new-name'), 'moved:\n  - from: old-name\n    to: new-name\n');
    const plan = await cli(['plan']);
    expect(plan.stdout).toContain(`~ update "new-name" (${before})`);
    expect(plan.stdout).toContain('renamed');
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    expect([...sim.core.state.workspace('default').monitors.keys()]).toEqual([before]);
    expect(liveNames()).toEqual(['new-name']);
  });

  it('applies a saved plan, and refuses it once the live state changed', async () => {
    writeMonitors(monitor('alpha') + monitor('beta', '    auth_type: bearer\n    auth_secret: ${env:SHOP_SECRET}\n'));
    const saved = join(dir, 'plan.json');
    const plan = await cli(['plan', '--out', saved]);
    expect(plan.code, plan.stderr).toBe(0);
    const text = readFileSync(saved, 'utf8');
    expect(text).toContain('${env:SHOP_SECRET}');
    expect(text).not.toContain(SECRET);
    const applied = await cli(['apply', '--plan', saved]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(liveNames()).toEqual(['alpha', 'beta']);

    writeMonitors(monitor('alpha', '    timeout_seconds: 20\n'));
    const second = join(dir, 'plan2.json');
    expect((await cli(['plan', '--out', second, '--allow-mass-delete'])).code).toBe(0);
    const [id] = [...sim.core.state.workspace('default').monitors.keys()];
    await editMonitorOutOfBand(sim.adminUrl, id!, { timeout_seconds: 33 });
    expectCleanFailure(await cli(['apply', '--plan', second]), 'PLAN_STALE');
    expect(liveNames()).toEqual(['alpha', 'beta']);
  });

  it('refuses a saved plan when a variable it refers to has another value now, before any write', async () => {
    writeMonitors(monitor('gamma', '    auth_type: bearer\n    auth_secret: ${env:SHOP_SECRET}\n'));
    const saved = join(dir, 'plan-env.json');
    expect((await cli(['plan', '--out', saved])).code).toBe(0);
    const rotated = await cli(['apply', '--plan', saved], { SHOP_SECRET: 'another-value-ROTATED' });
    expectCleanFailure(rotated, 'PLAN_ENV_CHANGED');
    expect(rotated.stderr).toContain('SHOP_SECRET');
    expect(rotated.stdout + rotated.stderr).not.toContain('another-value-ROTATED');
    expect(liveNames()).toEqual([]);
    expect((await cli(['apply', '--plan', saved])).code).toBe(0);
    expect(liveNames()).toEqual(['gamma']);
  });

  it('reports a change the server refuses (422), applies the others, and exits 1', async () => {
    // 150 s passes the schema (minimum 120) but is not an interval the server enabled.
    writeMonitors(monitor('good') + monitor('odd-interval', '    interval_seconds: 150\n'));
    const result = await cli(['apply', '--yes']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Apply complete: 1 created, 0 updated, 0 deleted, 1 failed.');
    expect(result.stdout).toMatch(
      /create of "odd-interval": API_VALIDATION: the API rejected the monitor \(422\)\n {4}monitors\.yaml:\d+:\d+: interval_seconds/,
    );
    expect(liveNames()).toEqual(['good']);
    const lock = JSON.parse(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')) as { monitors: { name: string }[] };
    expect(lock.monitors.map((m) => m.name)).toEqual(['good']);
  });

  it('never writes the token or a secret value to output, the lock file or a saved plan', async () => {
    writeMonitors(
      monitor(
        'secretive',
        '    auth_type: bearer\n    auth_secret: ${env:SHOP_SECRET}\n    headers: "X-Api-Key: ${env:SHOP_SECRET}"\n',
      ),
    );
    const outputs = [
      await cli(['plan', '--out', join(dir, 'p.json'), '--format', 'json']),
      await cli(['apply', '--yes', '--debug']),
    ];
    writeFileSync(join(dir, 'monitors.yaml'), readFileSync(join(dir, 'monitors.yaml'), 'utf8'));
    outputs.push(await cli(['plan'], { SHOP_SECRET: 'rotated-SENTINEL-value' }));
    expect(outputs[2]!.stdout).toContain('(sensitive value changed)');
    for (const o of outputs) {
      expect(o.stdout + o.stderr).not.toContain(TOKEN);
      expect(o.stdout + o.stderr).not.toContain(SECRET);
      expect(o.stdout + o.stderr).not.toContain('rotated-SENTINEL-value');
    }
    // Nor a fast hash of an env-filled field (a guess of the value could be checked against it).
    const fastHashes = [fieldHash(`X-Api-Key: ${SECRET}`), createHash('sha256').update(SECRET).digest('base64url')];
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text, file).not.toContain(TOKEN);
      expect(text, file).not.toContain(SECRET);
      for (const hash of fastHashes) expect(text, file).not.toContain(hash);
    }
  });
});
