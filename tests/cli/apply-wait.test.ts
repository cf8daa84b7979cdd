// `apply --wait` as a user runs it: the built CLI against `monitors sim` as a process whose
// checks find "bad *" monitors down, "stuck *" never concluding, and the rest up.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckSettings } from '../../src/sim/checks/settings.js';
import { runCli } from '../helpers/run-cli.js';
import { setChecks } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const RULES: CheckSettings = {
  delayMs: 300,
  default: 'up',
  rules: [
    { name: 'bad *', status: 'down' },
    { name: 'stuck *', status: 'pending' },
  ],
};
const READER = 'tok_wait_no_incidents_0123456789';
let sim: SimProcess;
let base: string;
let dir: string;

const monitor = (name: string, more = '') =>
  `  - name: ${name}\n    url: https://shop.example.com/${encodeURIComponent(name)}\n${more}`;
const write = (...items: string[]) =>
  writeFileSync(join(dir, 'monitors.yaml'), `${E2E_DEFAULTS}monitors:\n${items.join('')}`);
const cli = (args: string[], token = sim.token) =>
  runCli(args, { cwd: dir, env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: token, CI: 'true' } });

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'apply-wait-'));
  const rules = join(base, 'rules.json');
  const tokens = join(base, 'tokens.json');
  writeFileSync(rules, JSON.stringify(RULES));
  writeFileSync(
    tokens,
    JSON.stringify({ tokens: [{ token: READER, workspace: 'other', scopes: ['monitors:read', 'monitors:write'] }] }),
  );
  sim = await startSimProcess([
    '--token',
    'tok_wait_full_scope_0123456789',
    '--tokens-file',
    tokens,
    '--check-rules',
    rules,
  ]);
});
afterAll(async () => {
  await sim.stop();
  rmSync(base, { recursive: true, force: true });
});
beforeEach(async () => {
  dir = mkdtempSync(join(base, 'ws-'));
  await setChecks(sim.adminUrl, RULES);
});

// Each test runs the CLI as a process several times: minutes on a loaded machine.
describe('apply --wait', { timeout: 120_000 }, () => {
  it('reports each created monitor’s status and the open incident, and fails on the one that is down', async () => {
    write(monitor('good home'), monitor('bad checkout'));
    const run = await cli(['apply', '--wait', '.', '--yes']); // the path after --wait is a path, not a duration
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toContain('Waiting up to 5m for 2 monitors to be checked...');
    expect(run.stdout).toMatch(/^Apply complete: 2 created, 0 updated, 0 deleted, 0 failed\./m);
    expect(run.stdout).toMatch(
      /^ {2}down {9}"bad checkout" \([0-9A-Z]{26}\)\n {17}open incident since \S+ \(major\): bad checkout: the check of https:\/\/shop\.example\.com\/bad%20checkout failed \(simulated\)$/m,
    );
    expect(run.stdout).toMatch(/^ {2}up {11}"good home" \([0-9A-Z]{26}\)$/m);
    expect(run.stdout).toMatch(
      /^Wait failed: 1 down, 1 up; failing \(--wait-fail-on down\): "bad checkout" down\. \(\d/m,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);

    // Nothing fails with --wait-fail-on none; the next apply has nothing to follow.
    const again = await cli(['apply', '.', '--yes', '--wait', '--wait-fail-on', 'none']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Nothing to wait for: the apply created or replaced no monitor.');
  });

  it('follows a replaced monitor until a check after the change, and writes one JSON document with --format json', async () => {
    write(monitor('good api'));
    expect((await cli(['apply', '.', '--yes', '--wait', '30s'])).code).toBe(0);
    await setChecks(sim.adminUrl, { default: 'down' }); // the changed configuration "breaks" it
    write(monitor('good api', '    timeout_seconds: 12\n'));
    const run = await cli(['apply', '.', '--yes', '--wait', '30s', '--format', 'json']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('Plan: 0 to create, 1 to update, 0 to delete.');
    expect(run.stderr).toContain('Apply complete: 0 created, 1 updated');
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({
      format_version: 1,
      summary: { created: 0, replaced: 1, failed: 0 },
      changes: [{ action: 'replace', name: 'good api', status: 'done' }],
    });
    expect(doc.changes[0]).not.toHaveProperty('error');
    expect(doc.wait).toMatchObject({
      timeout_ms: 30_000,
      timed_out: false,
      failed: true,
      fail_on: ['down'],
      notes: [],
    });
    expect(doc.wait.monitors).toEqual([
      expect.objectContaining({
        name: 'good api',
        action: 'replace',
        status: 'down',
        server_status: 'down',
        settled: true,
        checked_since_change: true,
        failure: 'down',
        open_incidents: [expect.objectContaining({ severity: 'major', status: 'open' })],
      }),
    ]);
  });

  it('stops at the end of DURATION with the monitors still pending, failing only when pending is listed', async () => {
    write(monitor('stuck one'), monitor('good two'));
    const run = await cli(['apply', '.', '--yes', '--wait', '2s', '--wait-fail-on', 'down,pending']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^ {2}pending {6}"stuck one" \([0-9A-Z]{26}\): still pending when the time ran out$/m);
    expect(run.stdout).toMatch(
      /^Wait failed: 1 up, 1 still pending; failing \(--wait-fail-on down,pending\): "stuck one" pending\./m,
    );
  });

  it('says once that incidents were not read when the token lacks incidents:read, and goes on', async () => {
    write(monitor('bad lonely'));
    const run = await cli(['apply', '.', '--yes', '--wait', '30s'], READER);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^ {2}down {9}"bad lonely"/m);
    expect(
      run.stdout.match(/^note: Open incidents were not read: the token lacks the incidents:read scope\.$/gm),
    ).toHaveLength(1);
  });

  it('refuses a bad duration or status list before planning, with one clear error', async () => {
    write(monitor('good never'));
    for (const [args, message] of [
      [['--wait', '5 minutes'], '--wait takes a duration such as 90s, 5m, 1m30s or 1h (at most 6h), not "5 minutes"'],
      [['--wait', '--wait-fail-on', 'broken'], '--wait-fail-on takes a comma-separated list of'],
      [['--wait-fail-on', 'down'], '--wait-fail-on needs --wait'],
      [['--format', 'yaml'], '--format must be text or json, not "yaml"'],
    ] as const) {
      const run = await cli(['apply', '.', '--yes', ...args]);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toContain(`error BAD_OPTION: ${message}`);
      expect(run.stdout).toBe('');
    }
  });
});
