// A lock file that holds one id twice, as git can leave it after merging two versions of
// it (one branch renamed the monitor, whose record moved in the file's name order): plan
// repairs it from the listing and says which record goes, apply writes the lock without
// it even when nothing else changes. Built CLI against the simulator.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_lock_repair_0123456789ab';
let sim: SimServer;
let dir: string;
const cli = (args: string[]) =>
  runCli(args, { cwd: dir, env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN, CI: 'true' } });
const lockPath = () => join(dir, 'monitors.lock.json');
type Lock = { monitors: { id: string; name: string }[] };
const readLock = () => JSON.parse(readFileSync(lockPath(), 'utf8')) as Lock;
const writeYaml = (name: string, moved = '') =>
  writeFileSync(
    join(dir, 'monitors.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: ${name}\n    url: https://shop.example.com/\n${moved}`,
  );

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)] });
  dir = mkdtempSync(join(tmpdir(), 'lock-repair-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a lock file that holds one id twice', () => {
  it('is repaired from the listing: the record of the name the server gives the monitor stays', async () => {
    writeYaml('shop home');
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    const before = readLock();
    writeYaml('shop homepage', 'moved:\n  - from: shop home\n    to: shop homepage\n');
    expect((await cli(['apply', '--yes'])).code).toBe(0);
    const after = readLock();
    const [id] = after.monitors.map((r) => r.id);
    // What a merge by git of the two versions can give: the record before and after the rename.
    writeFileSync(lockPath(), JSON.stringify({ ...after, monitors: [...before.monitors, ...after.monitors] }, null, 2));

    const plan = await cli(['plan', '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain(
      `the lock file holds ${id} twice, as "shop home" and as "shop homepage"; the server names it "shop homepage": the record "shop home" is dropped, and the next apply writes the lock without it.`,
    );

    const apply = await cli(['apply', '--yes']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(apply.stdout).toContain('Lock file written: monitors.lock.json');
    expect(readLock().monitors).toEqual(after.monitors);
    const again = await cli(['plan', '--detailed-exitcode']);
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('twice');
  });
});
