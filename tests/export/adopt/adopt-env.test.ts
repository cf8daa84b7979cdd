// `monitors export --env NAME --name GLOB`: adopting into one environment of a set that
// serves several. The environment's token and URL are used, its lock file gains the
// records, the new file is limited to it, and the other environment is never touched.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearRequestLog, exampleMonitorInput, getRequestLog, seedMonitors } from '../../helpers/sim-admin.js';
import { startSimProcess, type SimProcess } from '../../helpers/sim-process.js';
import { E2E_DEFAULTS } from '../../helpers/yaml-defaults.js';
import { changedFiles, recordTexts, snapshot } from './tree.js';
import { runInEnvironments, TWO_ENVIRONMENTS } from '../two-environments.js';

let staging: SimProcess;
let production: SimProcess;
let cwd: string;

const monitors = (args: string[]) => runInEnvironments(args, cwd, staging, production);
const read = (path: string) => readFileSync(join(cwd, path), 'utf8');

beforeAll(async () => {
  [staging, production] = await Promise.all([
    startSimProcess(['--listing', 'full']),
    startSimProcess(['--listing', 'full']),
  ]);
  cwd = mkdtempSync(join(tmpdir(), 'adopt-env-'));
  mkdirSync(join(cwd, 'monitors'));
  writeFileSync(join(cwd, 'monitors', 'settings.yaml'), TWO_ENVIRONMENTS);
  writeFileSync(
    join(cwd, 'monitors', 'shared.yaml'),
    `${E2E_DEFAULTS}monitors:\n  - name: "status page"\n    url: https://status.example.com/\n`,
  );
  const legacy = exampleMonitorInput('legacy: home', { url: 'https://legacy.example.com/', timeout_seconds: 20 });
  await Promise.all([seedMonitors(production.adminUrl, [legacy]), seedMonitors(staging.adminUrl, [legacy])]);
  for (const environment of ['staging', 'production']) {
    const applied = await monitors(['apply', 'monitors', '--env', environment, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
  }
  await Promise.all([clearRequestLog(staging.adminUrl), clearRequestLog(production.adminUrl)]);
});

afterAll(async () => {
  await Promise.all([staging.stop(), production.stop()]);
  rmSync(cwd, { recursive: true, force: true });
});

describe('monitors export --env NAME --name GLOB', () => {
  it("adopts into the environment's lock file with its token, the file limited to it; the other environment untouched", async () => {
    const before = snapshot(cwd);
    const lockBefore = read('monitors/locks/production.lock.json');
    const result = await monitors(['export', '--out', 'monitors', '--env', 'production', '--name', 'legacy: *']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('  monitors/production-legacy-home.yaml  1 monitor (new file)');
    expect(result.stdout).toContain(
      '  monitors/locks/production.lock.json   1 lock record added (all verified), 1 kept',
    );
    expect(result.stdout).toContain('  monitors plan monitors --env production\n');
    expect(changedFiles(before, snapshot(cwd))).toEqual([
      'monitors/locks/production.lock.json',
      'monitors/production-legacy-home.yaml',
    ]);
    const [oldRecords, newRecords] = [
      recordTexts(lockBefore),
      recordTexts(read('monitors/locks/production.lock.json')),
    ];
    expect(newRecords.filter((r) => oldRecords.includes(r))).toEqual(oldRecords);
    expect(newRecords).toHaveLength(2);
    expect(read('monitors/production-legacy-home.yaml')).toContain('defaults:\n  environments:\n    - production\n');
    expect(await getRequestLog(staging.adminUrl)).toEqual([]);
    expect((await getRequestLog(production.adminUrl)).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/v1/monitors',
    ]);
  });

  it('then production plans clean, and staging plans as before (its own "legacy: home" stays unmanaged)', async () => {
    const prod = await monitors(['plan', 'monitors', '--env', 'production', '--detailed-exitcode']);
    expect(prod.code, prod.stdout + prod.stderr).toBe(0);
    expect(prod.stdout).toContain('No changes. 2 monitors up to date.');
    const stage = await monitors(['plan', 'monitors', '--env', 'staging', '--detailed-exitcode', '--format', 'json']);
    expect(stage.code, stage.stderr).toBe(0);
    const plan = JSON.parse(stage.stdout) as { changes: unknown[]; unmanaged: { name: string }[] };
    expect(plan.changes).toEqual([]);
    expect(plan.unmanaged.map((u) => u.name)).toEqual(['legacy: home']);
    expect((await monitors(['validate', 'monitors'])).code).toBe(0);
  });

  it('refuses a monitor this environment already manages, naming its lock file', async () => {
    const before = snapshot(cwd);
    const result = await monitors(['export', '--env', 'production', '--name', 'status page']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^monitors\/shared\.yaml:\d+:5: error export\.already_managed "status page"/m);
    expect(result.stderr).toMatch(/^monitors\/locks\/production\.lock\.json:\d+:7: error export\.already_managed/m);
    expect(changedFiles(before, snapshot(cwd))).toEqual([]);
  });

  it('without --env in a set with environments, refuses as plan does', async () => {
    const result = await monitors(['export', '--name', 'legacy: *']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'error ENV_REQUIRED: the YAML declares environments (staging, production); export acts on one',
    );
  });
});
