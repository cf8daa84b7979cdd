// A lock file written by the version that sent the canonical form (sorted locations,
// re-spaced headers, re-joined tags) keeps working now that bodies go out as written:
// fingerprints are still made from the canonical form, so its records match, and the
// server's values (the canonical spelling that version sent) mean the same as the YAML.
// tests/fixtures/legacy-lock holds the YAML, the lock file and the simulator state that
// version wrote (see generate.sh there); nothing here regenerates them. Its records keep
// no values either (they came later): a change shows "(not recorded)" until it is applied.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/legacy-lock/', import.meta.url));
const TOKEN = 'legacy-fixture-token';
const ENV = { LEGACY_PATH: 'p/1', LEGACY_SECRET: 's3cret-legacy', LEGACY_HEADER: 'hv', LEGACY_REGION: 'us-west' };

let sim: SimProcess | undefined;
let dir = '';
afterEach(async () => {
  await sim?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a lock file written before bodies were sent as written', () => {
  for (const listing of ['full', 'spec'] as const) {
    it(
      `plans clean against the workspace it describes (${listing} listing), and apply changes nothing`,
      { timeout: 120_000 },
      async () => {
        dir = mkdtempSync(join(tmpdir(), 'legacy-lock-'));
        for (const file of ['monitors.yaml', 'monitors.lock.json', 'sim-state.json'])
          copyFileSync(join(FIXTURE, file), join(dir, file));
        sim = await startSimProcess(['--token', TOKEN, '--listing', listing, '--state', join(dir, 'sim-state.json')]);
        const env = { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN, ...ENV };
        const lockBefore = readFileSync(join(dir, 'monitors.lock.json'), 'utf8');

        const plan = await runCli(['plan', '--detailed-exitcode'], { cwd: dir, env });
        expect(plan.code, plan.stdout + plan.stderr).toBe(0);
        expect(plan.stdout).toContain('No changes. 4 monitors up to date.');

        const apply = await runCli(['apply', '--yes'], { cwd: dir, env });
        expect(apply.code, apply.stdout + apply.stderr).toBe(0);
        // Its records untouched; it only gains the workspace it belongs to (issue 36), after the salt.
        const workspaceEntry = `  "workspace": {\n    "account_id": "ws_default",\n    "api_url": "${sim.baseUrl}"\n  },\n`;
        expect(readFileSync(join(dir, 'monitors.lock.json'), 'utf8')).toBe(
          lockBefore.replace(/^( {2}"salt": .*\n)/m, `$1${workspaceEntry}`),
        );

        // Its records keep no values: a hidden field's old value is "not recorded" (a full
        // listing returns it, and the server's value wins), until the next apply records it.
        const yaml = readFileSync(join(dir, 'monitors.yaml'), 'utf8');
        writeFileSync(join(dir, 'monitors.yaml'), yaml.replace('keyword: Add to cart', 'keyword: Add to basket'));
        const edited = await runCli(['plan'], { cwd: dir, env });
        expect(edited.code, edited.stdout + edited.stderr).toBe(0);
        expect(edited.stdout).toContain(
          listing === 'spec'
            ? 'keyword: (not recorded) -> "Add to basket"'
            : 'keyword: "Add to cart" -> "Add to basket"',
        );
        expect(edited.stdout).toContain('Plan: 0 to create, 1 to update, 0 to delete.');
        const recorded = await runCli(['apply', '--yes'], { cwd: dir, env });
        expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
        writeFileSync(join(dir, 'monitors.yaml'), yaml);
        const back = await runCli(['plan'], { cwd: dir, env });
        expect(back.stdout).toContain('keyword: "Add to basket" -> "Add to cart"');
      },
    );
  }
});
