// `monitors export --env NAME`: one environment's workspace, adopted into a set that serves
// several, with its records in that environment's lock file and its monitors kept out of
// the other environments.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleMonitorInput, getRequestLog, seedMonitors } from '../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../helpers/yaml-defaults.js';
import { runInEnvironments, TWO_ENVIRONMENTS } from './two-environments.js';

let staging: SimProcess;
let production: SimProcess;
let cwd: string;
let productionIds: string[];

const monitors = (args: string[]) => runInEnvironments(args, cwd, staging, production);

beforeAll(async () => {
  [staging, production] = await Promise.all([startSimProcess(), startSimProcess()]);
  cwd = mkdtempSync(join(tmpdir(), 'export-env-'));
  mkdirSync(join(cwd, 'monitors'));
  writeFileSync(join(cwd, 'monitors', 'settings.yaml'), TWO_ENVIRONMENTS);
  writeFileSync(
    join(cwd, 'monitors', 'shared.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: "status page"\n    url: https://status.example.com/\n`,
  );
  productionIds = await seedMonitors(production.adminUrl, [
    exampleMonitorInput('legacy: home', { url: 'https://legacy.example.com/' }),
    exampleMonitorInput('legacy: ${var.x} text', { url: 'https://legacy.example.com/x' }),
  ]);
});

afterAll(async () => {
  await Promise.all([staging.stop(), production.stop()]);
  rmSync(cwd, { recursive: true, force: true });
});

describe('monitors export --env', () => {
  it("writes the environment's workspace into its lock file, the YAML limited to it", async () => {
    const exported = await monitors(['export', '--out', 'monitors', '--env', 'production']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('monitors/locks/production.lock.json');
    expect(exported.stdout).toContain('monitors plan monitors --env production');
    const files = readdirSync(join(cwd, 'monitors')).filter((f) => f.startsWith('production-'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files)
      expect(readFileSync(join(cwd, 'monitors', file), 'utf8')).toContain(
        'defaults:\n  environments:\n    - production\n',
      );
    const lock = JSON.parse(readFileSync(join(cwd, 'monitors', 'locks', 'production.lock.json'), 'utf8')) as {
      monitors: { id: string }[];
    };
    expect(lock.monitors.map((r) => r.id).sort()).toEqual([...productionIds].sort());
    expect(existsSync(join(cwd, 'monitors', 'locks', 'staging.lock.json'))).toBe(false);
    expect(await getRequestLog(staging.adminUrl)).toEqual([]);
  });

  it('then production plans no create nor delete of what it adopted, and staging never sees those monitors', async () => {
    const prod = await monitors(['plan', 'monitors', '--env', 'production', '--format', 'json']);
    expect(prod.code, prod.stderr).toBe(0);
    const plan = JSON.parse(prod.stdout) as {
      environment: string;
      summary: Record<string, number>;
      changes: { action: string; name: string }[];
    };
    expect(plan.environment).toBe('production');
    expect(plan.changes.filter((c) => c.action !== 'replace').map((c) => `${c.action} ${c.name}`)).toEqual([
      'create status page',
    ]);
    expect(plan.summary.delete).toBe(0);

    const stage = await monitors(['plan', 'monitors', '--env', 'staging', '--format', 'json']);
    expect(stage.code, stage.stderr).toBe(0);
    expect((JSON.parse(stage.stdout) as { changes: { name: string }[] }).changes.map((c) => c.name)).toEqual([
      'status page',
    ]);
  });

  it('without the environment declared in --out it refuses, naming what is missing', async () => {
    const result = await monitors(['export', '--out', 'elsewhere', '--env', 'production']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'error ENV_NOT_DECLARED: --env production: export reads the environments from the YAML in --out (elsewhere), which does not exist',
    );
  });
});
