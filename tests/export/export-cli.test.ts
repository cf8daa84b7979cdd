// `monitors export` as a user runs it: the built CLI against the simulator, then validate,
// plan and apply over what it wrote.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { exampleMonitorInput, seedMonitors, setFaults } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

let sim: SimProcess;
let cwd: string;
const SECRET_ENV = { MONITOR_SECRET_SHOP_ADMIN: 'admin-password' };

const monitors = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { cwd, env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token, CI: 'true', ...env } });

beforeAll(async () => {
  sim = await startSimProcess();
  cwd = mkdtempSync(join(tmpdir(), 'export-cli-'));
  await seedMonitors(sim.adminUrl, [
    exampleMonitorInput('shop: home', { url: 'https://shop.example.com/', group: 'Shop' }),
    exampleMonitorInput('shop: search', {
      type: 'keyword',
      url: 'https://shop.example.com/search',
      keyword: 'results',
      group: 'Shop',
    }),
    exampleMonitorInput('shop admin', {
      url: 'https://shop.example.com/admin',
      auth_type: 'basic',
      auth_username: 'probe',
      auth_secret: 'admin-password',
      group: 'Shop',
    }),
    exampleMonitorInput('mail', { type: 'tcp', url: 'mail.example.com', port: 25 }),
  ]);
});

afterAll(async () => {
  await sim.stop();
  rmSync(cwd, { recursive: true, force: true });
});

describe('monitors export against the simulator', () => {
  it('spec-only listing: TODOs that validate points at, then a plan of "not verifiable" replaces only', async () => {
    await setFaults(sim.adminUrl, { listingMode: 'spec' });
    const exported = await monitors(['export', '--out', 'spec']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('Exported 4 monitors into spec:');
    expect(exported.stdout).toContain('spec/monitors.lock.json  4 lock records (all not verifiable yet)');
    expect(exported.stdout).toContain('monitors validate spec\n  monitors plan spec\n');

    const invalid = await monitors(['validate', 'spec']);
    expect(invalid.code).toBe(1);
    const errors = invalid.stdout.split('\n').filter((l) => l.includes(' error '));
    expect(errors).toEqual([
      expect.stringMatching(
        /^spec\/keyword\.yaml:\d+:\d+: error rule\.required_for_type type "keyword" needs keyword$/,
      ),
      expect.stringMatching(/^spec\/tcp\.yaml:\d+:\d+: error rule\.required_for_type type "tcp" needs port$/),
    ]);
    for (const line of errors) {
      const [file, row] = line.split(':') as [string, string];
      expect(readFileSync(join(cwd, file), 'utf8').split('\n')[Number(row) - 1]).toMatch(/^\s+(keyword|port): null$/);
    }

    for (const [file, from, to] of [
      ['keyword.yaml', 'keyword: null', 'keyword: results'],
      ['tcp.yaml', 'port: null', 'port: 25'],
    ] as const) {
      const path = join(cwd, 'spec', file);
      writeFileSync(path, readFileSync(path, 'utf8').replace(from, to));
    }
    expect((await monitors(['validate', 'spec'])).code).toBe(0);
    const plan = await monitors(['plan', 'spec', '--detailed-exitcode']);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('Plan: 0 to create, 4 to update, 0 to delete.');
    expect(plan.stdout.match(/not verifiable/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it('full listing: real values and a secret reference, and the export validates', async () => {
    await setFaults(sim.adminUrl, { listingMode: 'full' });
    const exported = await monitors(['export', '--out', 'full']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('  MONITOR_SECRET_SHOP_ADMIN  ("shop admin")');
    expect(readFileSync(join(cwd, 'full', 'shop.yaml'), 'utf8')).toContain(
      'auth_secret: ${env:MONITOR_SECRET_SHOP_ADMIN} # write-only',
    );
    expect(exported.stdout).not.toContain('admin-password');
    expect((await monitors(['validate', 'full'], SECRET_ENV)).code).toBe(0);
  });

  // Five processes in a row outgrow one test's time on a loaded machine: the plan and apply of
  // the export just written are a test of their own.
  it('full listing, continued: the export plans one replace (the write-only secret), then after one apply nothing', async () => {
    const plan = await monitors(['plan', 'full', '--detailed-exitcode'], SECRET_ENV);
    expect(plan.code, plan.stderr).toBe(2);
    expect(plan.stdout).toContain('Plan: 0 to create, 1 to update, 0 to delete.');
    expect(plan.stdout).toContain('shop admin');
    const apply = await monitors(['apply', 'full', '--yes'], SECRET_ENV);
    expect(apply.code, apply.stderr).toBe(0);
    const again = await monitors(['plan', 'full', '--detailed-exitcode'], SECRET_ENV);
    expect(again.code, again.stdout).toBe(0);
  });

  it('refuses to overwrite a previous export, and explains --force', async () => {
    const again = await monitors(['export', '--out', 'full']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^error EXPORT_FILE_EXISTS: full\/\S+\.yaml already exists \(and \d+ more\); export does not overwrite files\n {2}Pass --force/,
    );
    expect((await monitors(['export', '--out', 'full', '--force'])).code).toBe(0);
  });

  it('fails with one clear line when the token is missing, rejected, or the API is unreachable', async () => {
    const noToken = await runCli(['export', '--out', 'x'], { cwd, env: { MONITORS_API_URL: sim.baseUrl } });
    expect(noToken.code).toBe(1);
    expect(noToken.stderr.split('\n')[0]).toBe('error CONFIG_NO_TOKEN: MONITORS_API_TOKEN is not set');
    const rejected = await monitors(['export', '--out', 'x'], { MONITORS_API_TOKEN: 'not-a-token-of-this-sim' });
    expect(rejected.code).toBe(1);
    // Said once: the server's reason, not also the generic "missing, expired or revoked".
    expect(rejected.stderr.split('\n')[0]).toBe(
      'error API_UNAUTHORIZED: the API rejected the token in MONITORS_API_TOKEN (401); the server says: the token is not valid; send "Authorization: Bearer <token>" with a valid token',
    );
    const down = await monitors(['export', '--out', 'x', '--api-url', 'http://127.0.0.1:9/api/v1'], {
      MONITORS_MAX_ATTEMPTS: '1',
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^error API_UNREACHABLE: cannot reach the API at http:\/\/127.0.0.1:9\/api\/v1/);
    for (const run of [noToken, rejected, down]) expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(rejected.stderr).not.toContain('not-a-token-of-this-sim');
  });
});
