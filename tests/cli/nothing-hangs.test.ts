// Nothing a user writes can hang the tool (issue 44), run as the user runs it: the three
// reproductions of the issue (a glob of `--target` / `--name`, a policy `where` glob, a
// backtracking `name_pattern`) end with a result or a located refusal, each process killed
// after 10 s if not; and a signal ends a command within 2 s while the loader computes
// without a pause (MONITORS_TEST_HOLD=cpu-load: a stand-in for a set that takes minutes).
// Also `check --name 'api [eu]'` selects the monitor `api [eu]`, as `plan --target` does.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/server.js';
import { fullScopeToken } from '../../src/sim/tokens.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';

const TOKEN = 'tok_nothing_hangs_0123456789';
const A60 = 'a'.repeat(60);
const STAR_A = `${'*a'.repeat(14)}*b`;
let sim: SimServer;
let dir: string;

beforeAll(async () => {
  sim = await startSimServer({ tokens: [fullScopeToken(TOKEN)] });
  dir = mkdtempSync(join(tmpdir(), 'nothing-hangs-'));
  const folder = (name: string, yaml: string) => {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'monitors.yaml'), `${E2E_DEFAULTS}${yaml}`);
  };
  folder(
    'names',
    `monitors:\n  - name: "${A60}"\n    url: https://shop.example.com/a\n  - name: "api [eu]"\n    url: https://shop.example.com/eu\n  - name: "api x"\n    url: https://shop.example.com/x\n`,
  );
  folder(
    'where',
    `policy:\n  - id: slow-where\n    level: mandatory\n    where: { name: '${STAR_A}' }\n    require: { min_locations: 2 }\nmonitors:\n  - name: "${A60}"\n    url: https://shop.example.com/a\n`,
  );
  folder(
    'regex',
    `policy:\n  - id: slow-regex\n    level: mandatory\n    require: { name_pattern: '^(a+)+$' }\n  - id: slow-schema\n    level: advisory\n    schema: { properties: { name: { pattern: '^(a|aa)+$' } } }\nmonitors:\n  - name: "${'a'.repeat(36)}!"\n    url: https://shop.example.com/a\n`,
  );
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const ENV = { MONITORS_API_URL: '', MONITORS_API_TOKEN: TOKEN, MONITORS_MAX_ATTEMPTS: '1' };
const run = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { cwd: dir, env: { ...ENV, ...env }, timeoutMs: 10_000 });

/** Ended by itself (not by the 10 s kill). */
function finished(result: CliResult): CliResult {
  expect(result.signal, result.stderr).toBeNull();
  return result;
}

describe('the reproductions of issue 44 end', () => {
  it('a glob of --target, status --name and check --name against a name of 60 a', async () => {
    const [plan, status, check] = await Promise.all([
      run(['plan', 'names', '--target', STAR_A], { MONITORS_API_URL: sim.baseUrl }),
      run(['status', 'names', '--name', STAR_A], { MONITORS_API_URL: sim.baseUrl }),
      run(['check', 'names', '--name', STAR_A]),
    ]);
    expect(finished(plan).stderr).toContain(`--target "${STAR_A}" matches no monitor of the YAML or the lock file`);
    expect(finished(status).stderr).toContain(`--name "${STAR_A}" matches no managed monitor`);
    expect(finished(check).stderr).toContain(`no monitor's name matches --name "${STAR_A}"`);
    for (const r of [plan, status, check]) expect(r.code).toBe(1);
  });

  it('a policy where glob, and a backtracking name_pattern and schema pattern', async () => {
    const [where, regex] = await Promise.all([run(['validate', 'where']), run(['validate', 'regex'])]);
    expect(finished(where).code, where.stderr).toBe(0);
    expect(finished(regex).code).toBe(1);
    const said = regex.stdout + regex.stderr;
    expect(said).toMatch(/monitors\.yaml:\d+:\d+: error policy\.slow-regex .* does not match \/\^\(a\+\)\+\$\//);
    expect(said).toMatch(/warning policy\.slow-schema .*must match pattern/);
  });
});

describe('a stop always stops', () => {
  /** Starts the command held in the loader's computation and signals it once the hold says so. */
  async function stopWhileComputing(args: string[], signal: NodeJS.Signals, env: Record<string, string> = {}) {
    let sentAt = 0;
    const result = await runCli(args, {
      cwd: dir,
      env: {
        ...ENV,
        ...env,
        MONITORS_TEST_HOLD: 'cpu-load',
        MONITORS_TEST_HOLD_RELEASE: join(dir, 'never-made'),
      },
      timeoutMs: 20_000,
      watch: (child, { stderr }) => {
        if (sentAt === 0 && stderr.includes('test hold: cpu-load')) {
          sentAt = Date.now();
          child.kill(signal);
        }
      },
    });
    return { ...result, tookMs: Date.now() - sentAt };
  }

  it('SIGTERM ends check, and SIGINT ends plan, within 2 s while the YAML is computed, saying so', async () => {
    const check = await stopWhileComputing(['check', 'names'], 'SIGTERM');
    expect(check.code, check.stderr).toBe(143);
    expect(check.tookMs).toBeLessThan(2_000);
    expect(check.stderr).toContain('SIGTERM: interrupted while loading the YAML; nothing was written');
    const plan = await stopWhileComputing(['plan', 'names'], 'SIGINT', { MONITORS_API_URL: sim.baseUrl });
    expect(plan.code, plan.stderr).toBe(130);
    expect(plan.tookMs).toBeLessThan(2_000);
    expect(plan.stderr).toContain('SIGINT: interrupted while');
  });
});

describe('check --name', () => {
  it('selects a monitor by its own name, glob characters and all, as plan --target does', async () => {
    const check = finished(
      await run([
        'check',
        'names',
        '--name',
        'api [eu]',
        '--format',
        'json',
        '--resolve',
        'shop.example.com:443:127.0.0.1',
      ]),
    );
    const report = JSON.parse(check.stdout) as { results: { name: string }[] };
    expect(report.results.map((r) => r.name)).toEqual(['api [eu]']);
    const plan = finished(
      await run(['plan', 'names', '--target', 'api [eu]', '--format', 'json'], { MONITORS_API_URL: sim.baseUrl }),
    );
    expect(
      (JSON.parse(plan.stdout) as { changes: { name: string }[] }).changes.map((c) => c.name),
      plan.stderr,
    ).toEqual(['api [eu]']);
  });
});
