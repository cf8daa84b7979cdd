// Issue 36, point 3: a lock knows its workspace. The built CLI against the simulator (two
// workspaces; tokens with and without account:read) and two spec servers (two URLs): a
// plan, apply or destroy against a workspace the lock does not belong to stops with a
// stable code and writes nothing, on the server or in the lock file; an old lock gains the
// record at its next apply.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { getRequestLog, clearRequestLog } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { startSpecServer } from '../helpers/spec-server.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const A_FULL = 'tok_ws_a_full_0123456789';
const B_FULL = 'tok_ws_b_full_0123456789';
const B_NO_ACCOUNT = 'tok_ws_b_noacct_0123456789';
const WRITE = ['monitors:read', 'monitors:write'];

let base = '';
let sim: SimProcess;
beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'workspace-check-'));
  const tokens = join(base, 'tokens.json');
  writeFileSync(
    tokens,
    JSON.stringify({
      tokens: [
        { token: A_FULL, workspace: 'ws-a', scopes: ['account:read', ...WRITE] },
        { token: B_FULL, workspace: 'ws-b', scopes: ['account:read', ...WRITE] },
        { token: B_NO_ACCOUNT, workspace: 'ws-b', scopes: WRITE },
      ],
    }),
  );
  sim = await startSimProcess(['--tokens-file', tokens]);
});
afterAll(async () => {
  await sim.stop();
  rmSync(base, { recursive: true, force: true });
});

const yaml = (names: string[]) =>
  `${E2E_DEFAULTS}monitors:\n${names.map((n) => `  - name: ${n}\n    url: https://shop.example.com/${n}\n`).join('')}`;

function repo(names: string[]): { dir: string; lock: () => string } {
  const dir = mkdtempSync(join(base, 'repo-'));
  writeFileSync(join(dir, 'monitors.yaml'), yaml(names));
  return { dir, lock: () => readFileSync(join(dir, 'monitors.lock.json'), 'utf8') };
}

const cli = (dir: string, url: string, token: string, args: string[]) =>
  runCli(args, { cwd: dir, env: { MONITORS_API_URL: url, MONITORS_API_TOKEN: token, CI: 'true' } });
const writesSent = async () => (await getRequestLog(sim.adminUrl)).filter((r) => r.method !== 'GET');

describe('a lock knows its workspace (simulator, two workspaces)', { timeout: 120_000 }, () => {
  it("records the account and URL at apply; plan, apply and destroy with another workspace's token stop, nothing written", async () => {
    const { dir, lock } = repo(['one', 'two', 'three']);
    const applied = await cli(dir, sim.baseUrl, A_FULL, ['apply', '--yes']);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(JSON.parse(lock()).workspace).toEqual({ account_id: 'ws_ws-a', api_url: sim.baseUrl });
    const before = lock();
    await clearRequestLog(sim.adminUrl);

    for (const args of [['plan'], ['apply', '--yes'], ['destroy', '--yes']]) {
      const run = await cli(dir, sim.baseUrl, B_FULL, args);
      expect(run.code, `${args.join(' ')}: ${run.stdout}${run.stderr}`).toBe(1);
      expect(run.stderr).toContain(
        'error LOCK_OTHER_WORKSPACE: the lock file monitors.lock.json is not of this workspace: it belongs to workspace ws_ws-a, but the token reaches workspace ws_ws-b (GET /account). Nothing was written',
      );
      expect(run.stderr).toContain('Check the API URL and the token (MONITORS_API_URL');
      expect(run.stdout).not.toContain('to create');
    }
    // Without account:read the id cannot be compared: every record vanished says it all the same.
    const blind = await cli(dir, sim.baseUrl, B_NO_ACCOUNT, ['apply', '--yes']);
    expect(blind.code).toBe(1);
    expect(blind.stderr).toContain(
      "error LOCK_WORKSPACE_MISSING: all 3 monitors the lock file monitors.lock.json records are not in this workspace's listing: is this the workspace the lock belongs to? Nothing was written",
    );
    expect(blind.stderr).toContain('--allow-missing');
    expect(await writesSent()).toEqual([]);
    expect(lock()).toBe(before);
  });

  it('an old lock (no workspace record): most records vanished stops unless --allow-missing; the right workspace records it at the next apply', async () => {
    const { dir, lock } = repo(['four', 'five']);
    expect((await cli(dir, sim.baseUrl, A_FULL, ['apply', '--yes'])).code).toBe(0);
    const { workspace: _, ...old } = JSON.parse(lock()) as Record<string, unknown>;
    writeFileSync(join(dir, 'monitors.lock.json'), `${JSON.stringify(old, null, 2)}\n`);
    const oldText = lock();
    await clearRequestLog(sim.adminUrl);

    const stopped = await cli(dir, sim.baseUrl, B_FULL, ['plan']);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('error LOCK_WORKSPACE_MISSING: all 2 monitors the lock file');
    const allowed = await cli(dir, sim.baseUrl, B_FULL, ['plan', '--allow-missing']);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain('Plan: 2 to create, 0 to update, 0 to delete.');
    expect(await writesSent()).toEqual([]);
    expect(lock()).toBe(oldText);

    const right = await cli(dir, sim.baseUrl, A_FULL, ['apply', '--yes']);
    expect(right.code, right.stdout + right.stderr).toBe(0);
    expect(right.stdout).toContain('No changes.');
    expect(right.stdout).toContain('Lock file written: monitors.lock.json');
    expect(JSON.parse(lock()).workspace).toEqual({ account_id: 'ws_ws-a', api_url: sim.baseUrl });
    expect(await writesSent()).toEqual([]);
  });
});

describe('a lock knows its workspace (spec server, two URLs, no account:read)', { timeout: 120_000 }, () => {
  it('records the URL; a plan through another URL stops with LOCK_OTHER_WORKSPACE', async () => {
    const token = 'tok_ws_spec_0123456789';
    const first = await startSpecServer({ tokens: [{ token, scopes: WRITE }] });
    const second = await startSpecServer({ tokens: [{ token, scopes: WRITE }] });
    try {
      const { dir, lock } = repo(['six']);
      expect((await cli(dir, first.baseUrl, token, ['apply', '--yes'])).code).toBe(0);
      expect(JSON.parse(lock()).workspace).toEqual({ api_url: first.baseUrl });
      const before = lock();
      const run = await cli(dir, second.baseUrl, token, ['apply', '--yes', '--allow-missing']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `error LOCK_OTHER_WORKSPACE: the lock file monitors.lock.json is not of this workspace: it was applied through ${first.baseUrl}, but this run talks to ${second.baseUrl}. Nothing was written`,
      );
      expect(run.stderr).toContain('remove the "workspace" entry of the lock file');
      expect(second.requests().filter((r) => r.method !== 'GET')).toEqual([]);
      expect(lock()).toBe(before);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
