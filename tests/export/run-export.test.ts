import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runExport, type RunExportDeps } from '../../src/export/run-export.js';
import type { LiveMonitor } from '../../src/model/monitor.js';
import { SPEC_ONLY_LISTING } from './fixtures.js';

const deps = (live: LiveMonitor[]): RunExportDeps => ({
  listMonitors: async () => live,
  newLock: () => ({ format_version: 1, salt: 'salt', monitors: [] }),
  serializeLock: (lock) => `${JSON.stringify(lock, null, 2)}\n`,
});

describe('runExport', () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), 'run-export-'));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));
  const options = { outDir: 'monitors', lockPath: 'monitors.lock.json', force: false };

  it('writes the YAML files and the lock file, and says what to do next', async () => {
    const { report, warnings } = await runExport(deps(SPEC_ONLY_LISTING), { ...options, cwd });
    expect(readdirSync(join(cwd, 'monitors'))).toEqual(['http.yaml', 'json.yaml', 'keyword.yaml', 'tcp.yaml']);
    const lock = JSON.parse(readFileSync(join(cwd, 'monitors.lock.json'), 'utf8')) as {
      monitors: { name: string; fingerprint: null }[];
    };
    expect(lock.monitors.map((r) => r.name)).toEqual([
      'Mail server',
      'Shop checkout',
      'Shop home',
      'Shop search',
      'Status JSON',
    ]);
    expect(report).toContain('  monitors/http.yaml');
    expect(report).toContain('monitors validate monitors\n');
    expect(warnings).toEqual([]);
  });

  it('refuses to overwrite a previous export unless forced', async () => {
    await runExport(deps(SPEC_ONLY_LISTING), { ...options, cwd });
    writeFileSync(join(cwd, 'monitors', 'http.yaml'), 'edited by hand\n');
    await expect(runExport(deps(SPEC_ONLY_LISTING), { ...options, cwd })).rejects.toMatchObject({
      code: 'EXPORT_FILE_EXISTS',
      message: 'monitors/http.yaml already exists (and 4 more); export does not overwrite files',
    });
    expect(readFileSync(join(cwd, 'monitors', 'http.yaml'), 'utf8')).toBe('edited by hand\n');
    await runExport(deps(SPEC_ONLY_LISTING), { ...options, cwd, force: true });
    expect(readFileSync(join(cwd, 'monitors', 'http.yaml'), 'utf8')).toContain('name: Shop home');
  });

  it('warns about other YAML files in the output folder', async () => {
    mkdirSync(join(cwd, 'monitors'));
    writeFileSync(join(cwd, 'monitors', 'old.yaml'), 'monitors: []\n');
    const { warnings } = await runExport(deps(SPEC_ONLY_LISTING), { ...options, cwd });
    expect(warnings).toEqual([
      'warning: monitors also holds YAML files export did not write (1); plan and apply will read them too',
    ]);
  });

  it('writes nothing for an empty workspace', async () => {
    const { report } = await runExport(deps([]), { ...options, cwd });
    expect(report).toContain('no monitors');
    expect(existsSync(join(cwd, 'monitors'))).toBe(false);
    expect(existsSync(join(cwd, 'monitors.lock.json'))).toBe(false);
  });
});
