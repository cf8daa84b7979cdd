import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { otherYamlFiles, refuseExisting, writeAllAtomic } from '../../src/export/write-files.js';

describe('export file writing', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'export-write-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every file, creating folders, and leaves no temp file behind', async () => {
    const writes = [
      { path: join(dir, 'monitors', 'http.yaml'), text: 'monitors: []\n' },
      { path: join(dir, 'monitors.lock.json'), text: '{}\n' },
    ];
    await writeAllAtomic(writes);
    expect(readFileSync(writes[0]!.path, 'utf8')).toBe('monitors: []\n');
    expect(readdirSync(dir).sort()).toEqual(['monitors', 'monitors.lock.json']);
    expect(readdirSync(join(dir, 'monitors'))).toEqual(['http.yaml']);
  });

  it('refuses to overwrite an existing file unless forced, naming it', async () => {
    const target = join(dir, 'http.yaml');
    writeFileSync(target, 'mine\n');
    const writes = [
      { path: target, text: 'new\n' },
      { path: join(dir, 'x.yaml'), text: 'x\n' },
    ];
    expect(() => refuseExisting(writes, false)).toThrow(
      expect.objectContaining({
        code: 'EXPORT_FILE_EXISTS',
        message: `${target} already exists; export does not overwrite files`,
      }),
    );
    expect(() => refuseExisting(writes, true)).not.toThrow();
    await writeAllAtomic(writes);
    expect(readFileSync(target, 'utf8')).toBe('new\n');
  });

  it('writes nothing when one file cannot be written', async () => {
    const writes = [
      { path: join(dir, 'a.yaml'), text: 'a\n' },
      { path: join(dir, 'blocked', 'b.yaml'), text: 'b\n' },
    ];
    writeFileSync(join(dir, 'blocked'), 'a file where a folder should be');
    await expect(writeAllAtomic(writes)).rejects.toMatchObject({ code: 'EXPORT_WRITE_FAILED' });
    expect(readdirSync(dir)).toEqual(['blocked']);
  });

  it('fails at once under a folder mkdir cannot make (/proc), instead of spinning', async () => {
    const writes = [
      { path: join(dir, 'a.yaml'), text: 'a\n' },
      { path: '/proc/no-such-folder/monitors/b.yaml', text: 'b\n' },
    ];
    await expect(writeAllAtomic(writes)).rejects.toMatchObject({ code: 'EXPORT_WRITE_FAILED' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('lists YAML files in the folder that the export did not write', () => {
    writeFileSync(join(dir, 'old.yml'), '');
    writeFileSync(join(dir, 'http.yaml'), '');
    writeFileSync(join(dir, 'notes.txt'), '');
    expect(otherYamlFiles(dir, [{ path: join(dir, 'http.yaml'), text: '' }])).toEqual([join(dir, 'old.yml')]);
    expect(otherYamlFiles(join(dir, 'missing'), [])).toEqual([]);
  });
});
