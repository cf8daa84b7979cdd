// Which lock file plan and apply use does not depend on the folder they run in: the YAML
// and its lock in monitors/, run from the repository root (next to a docker-compose.yml),
// from monitors/ itself or from a sibling folder, all find monitors/monitors.lock.json.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_lock_location_0123456789';
let sim: SimServer;
let repo: string;

const monitor = (name: string) => `  - name: ${name}\n    url: https://shop.example.com/${name}\n`;
const cli = (args: string[], cwd = repo) =>
  runCli(args, { cwd, env: { MONITORS_API_URL: sim.baseUrl, MONITORS_API_TOKEN: TOKEN, MONITORS_RETRY_BASE_MS: '5' } });

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)] });
});
afterAll(() => sim.close());
beforeEach(() => {
  for (const m of sim.core.state.workspace('default').monitors.values())
    sim.core.state.deleteMonitor(sim.core.state.workspace('default'), m.id);
  repo = mkdtempSync(join(tmpdir(), 'lock-location-'));
  mkdirSync(join(repo, 'monitors'));
  mkdirSync(join(repo, 'other'));
  writeFileSync(join(repo, 'docker-compose.yml'), 'services:\n  web:\n    image: nginx\n');
  // A keyword monitor: its keyword cannot be read back, so without its lock record the plan replaces it.
  writeFileSync(
    join(repo, 'monitors', 'shop.yaml'),
    `${E2E_DEFAULTS}monitors:\n${monitor('home')}  - name: search\n    type: keyword\n    keyword: Results\n    url: https://shop.example.com/search\n`,
  );
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('the lock file beside the YAML', () => {
  it('is the same file from the root, from monitors/ and from a sibling folder, and apply says where it wrote it', async () => {
    const applied = await cli(['apply', '--yes'], join(repo, 'monitors'));
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Lock file written: monitors.lock.json\n');
    expect(existsSync(join(repo, 'monitors', 'monitors.lock.json'))).toBe(true);

    // The plans only read: run them side by side, so the test's length is one plan's, not four.
    const places = [
      [[], repo],
      [['monitors'], repo],
      [['monitors/shop.yaml'], repo],
      [['../monitors'], join(repo, 'other')],
    ] as const;
    const plans = await Promise.all(places.map(([args, cwd]) => cli(['plan', ...args, '--detailed-exitcode'], cwd)));
    plans.forEach((plan, i) => {
      const [args, cwd] = places[i]!;
      expect(plan.code, `${args.join(' ')} in ${cwd}: ${plan.stdout}${plan.stderr}`).toBe(0);
      expect(plan.stdout).toContain('No changes.');
      expect(plan.stdout).not.toContain('a lock file this plan does not use');
    });
    expect(existsSync(join(repo, 'monitors.lock.json'))).toBe(false);

    writeFileSync(
      join(repo, 'monitors', 'shop.yaml'),
      `${E2E_DEFAULTS}monitors:\n${monitor('home')}${monitor('cart')}  - name: search\n    type: keyword\n    keyword: Results\n    url: https://shop.example.com/search\n`,
    );
    const second = await cli(['apply', '--yes']);
    expect(second.code, second.stderr).toBe(0);
    // The skipped file is a note of the plan (in every format), not a line on stderr.
    expect(second.stdout).toContain(
      'Note: docker-compose.yml: skipped: not a monitors file (no defaults, vars, monitors, moved, removed, deleted, settings or policy at its top level); name it explicitly to check it as one\n',
    );
    expect(second.stderr).not.toContain('file.skipped');
    expect(second.stdout).toContain('Lock file written: monitors/monitors.lock.json\n');
    expect(existsSync(join(repo, 'monitors.lock.json'))).toBe(false);
  });

  it('a plan using another lock file names the one beside the YAML it does not use', async () => {
    expect((await cli(['apply', 'monitors', '--yes'])).code).toBe(0);
    const plan = await cli(['plan', '--lock', 'other/elsewhere.lock.json']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('Plan: 0 to create, 2 to update, 0 to delete.');
    expect(plan.stdout).toContain(
      'Note: monitors/monitors.lock.json is a lock file this plan does not use: it uses other/elsewhere.lock.json (given with --lock). If that is the wrong one, pass --lock monitors/monitors.lock.json or set settings.lock_file.',
    );
    const json = JSON.parse(
      (await cli(['plan', '--lock', 'other/elsewhere.lock.json', '--format', 'json'])).stdout,
    ) as { notes: string[] };
    expect(json.notes.map((n) => n.split(':')[0])).toEqual([
      'docker-compose.yml',
      'monitors/monitors.lock.json is a lock file this plan does not use',
    ]);
  });

  it('with environments: each one defaults to monitors.NAME.lock.json beside the YAML, from any folder', async () => {
    const settings = `settings:\n  environments:\n    staging:\n      api_url: ${sim.baseUrl}\n      token_env: STAGING_TOKEN\n`;
    writeFileSync(join(repo, 'monitors', 'settings.yaml'), settings);
    const env = {
      MONITORS_API_URL: undefined,
      MONITORS_API_TOKEN: undefined,
      STAGING_TOKEN: TOKEN,
      MONITORS_RETRY_BASE_MS: '5',
    };
    const applied = await runCli(['apply', '--env', 'staging', '--yes'], { cwd: repo, env });
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Lock file written: monitors/monitors.staging.lock.json\n');
    const places = [
      [[], repo],
      [['monitors'], repo],
      [['../monitors'], join(repo, 'other')],
      [[], join(repo, 'monitors')],
    ] as const;
    const plans = await Promise.all(
      places.map(([args, cwd]) => runCli(['plan', ...args, '--env', 'staging', '--detailed-exitcode'], { cwd, env })),
    );
    plans.forEach((plan, i) => {
      const [args, cwd] = places[i]!;
      expect(plan.code, `${args.join(' ')} in ${cwd}: ${plan.stdout}${plan.stderr}`).toBe(0);
    });
    // A lock file of the set without environments, left beside the YAML, is named, with the setting that would pick it.
    writeFileSync(join(repo, 'monitors', 'monitors.lock.json'), '{"format_version":1,"salt":"x","monitors":[]}\n');
    const plan = await runCli(['plan', '--env', 'staging'], { cwd: repo, env });
    expect(plan.stdout).toContain(
      'Note: monitors/monitors.lock.json is a lock file this plan does not use: it uses monitors/monitors.staging.lock.json (the default for environment staging: beside the monitors files). If that is the wrong one, pass --lock monitors/monitors.lock.json or set settings.environments.staging.lock_file.',
    );
  });
});
