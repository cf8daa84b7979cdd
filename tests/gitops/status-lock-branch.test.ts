// `monitors status --lock-branch`: the lock record is read from the branch apply keeps it
// on, as plan reads it, so a monitor only the lock knows (left the YAML, not yet deleted)
// still shows as managed in a checkout whose working tree holds no lock file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GIT_TEST_ENV, checkout, makeOrigin } from '../helpers/git-sandbox.js';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const yaml = (...names: string[]) =>
  `${E2E_DEFAULTS}monitors:\n${names.map((n) => `  - name: "${n}"\n    url: https://example.com/${n}\n`).join('')}`;
let sim: SimProcess;
let root: string;

beforeAll(async () => {
  sim = await startSimProcess(['--check-delay', '3600000']); // no check runs: the statuses stay pending
  root = mkdtempSync(join(tmpdir(), 'status-lock-branch-'));
});
afterAll(async () => {
  await sim.stop();
  rmSync(root, { recursive: true, force: true });
});

const cli = (cwd: string, ...args: string[]) =>
  runCli(args, {
    cwd,
    env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: sim.token, CI: 'true', ...GIT_TEST_ENV },
  });

it('reads the lock record from the branch', { timeout: 120_000 }, async () => {
  const origin = makeOrigin(root, { 'monitors/shop.yaml': yaml('home', 'legacy') });
  const job = checkout(root, 'job', origin);
  const apply = await cli(job, 'apply', 'monitors', '--yes', '--lock-branch', 'monitors-state');
  expect(apply.code, apply.stdout + apply.stderr).toBe(0);

  const fresh = checkout(root, 'fresh', origin);
  writeFileSync(join(fresh, 'monitors', 'shop.yaml'), yaml('home'));
  const status = await cli(fresh, 'status', 'monitors', '--lock-branch', 'monitors-state');
  expect(status.code, status.stderr).toBe(0);
  expect(status.stderr).toBe('Lock record: monitors/monitors.lock.json from monitors-state of origin.\n');
  expect(status.stdout).toMatch(/^pending {2}legacy .*\(managed, in no YAML entry: the next apply deletes it\)$/m);
  expect(status.stdout).toContain('(2 managed monitors); 0 open incidents.');

  // Without the branch, the working tree has no lock file: "legacy" is nobody's.
  const without = await cli(fresh, 'status', 'monitors');
  expect(without.stdout).toContain('(1 managed monitor); 0 open incidents; 1 unmanaged monitor not shown.');
});
