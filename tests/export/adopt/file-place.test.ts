// Where the one new file of `export --name/--id` may go: only where the next `plan DIR`
// loads it, never over the lock file or a monitors file, never moving the lock file.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPlace, defaultBaseName, freePath, type Placement } from '../../../src/export/adopt/file-place.js';
import { lockLocation } from '../../../src/lock/location.js';
import { full, id } from '../fixtures.js';
import { refusal } from './tree.js';

const cwd = '/repo';
const place = (loaded: string[], settingsLockFile?: string): Placement => ({
  cwd,
  outDir: '/repo/monitors',
  loaded,
  lockFor: (files) => lockLocation({ files, fallbackFolder: '/repo/monitors', cwd, settingsLockFile }).path,
});
const SET = ['/repo/monitors/prod/a.yaml', '/repo/monitors/prod/b.yaml'];

describe('defaultBaseName and freePath', () => {
  it('names the file after one monitor, else "adopted", with the environment first', () => {
    const one = [{ live: full(id(1), 'Shop: Home (EU)', {}), pinned: false }];
    expect(defaultBaseName(one, undefined)).toBe('shop-home-eu');
    expect(defaultBaseName(one, 'production')).toBe('production-shop-home-eu');
    expect(defaultBaseName([...one, { live: full(id(2), 'b', {}), pinned: false }], undefined)).toBe('adopted');
    expect(defaultBaseName([{ live: full(id(3), '☕☕', {}), pinned: false }], undefined)).toBe('adopted');
  });

  it('never picks a name that is taken', () => {
    const taken = new Set(['/d/adopted.yaml', '/d/adopted-2.yaml']);
    expect(freePath('/d', 'adopted', (p) => taken.has(p))).toBe(join('/d', 'adopted-3.yaml'));
    expect(freePath('/d', 'x', (p) => taken.has(p))).toBe(join('/d', 'x.yaml'));
  });
});

describe('checkPlace', () => {
  it('accepts a new .yaml or .yml file under --out that keeps the lock file where it is', () => {
    expect(() => checkPlace('/repo/monitors/prod/new.yml', place(SET), '--file')).not.toThrow();
    expect(() => checkPlace('/repo/monitors/prod/team/new.yaml', place(SET), '--file')).not.toThrow();
    expect(() => checkPlace('/repo/monitors/new.yaml', place([]), '--file')).not.toThrow();
  });

  it('refuses a file outside --out, or one the folder search skips', () => {
    expect(refusal(() => checkPlace('/repo/new.yaml', place(SET), '--file'))).toEqual({
      code: 'EXPORT_FILE_PLACE',
      message:
        '--file new.yaml is outside --out monitors, so `monitors plan monitors` would not load it; nothing was written',
      hint: 'Name a file under monitors, e.g. monitors/new.yaml.',
    });
    expect(refusal(() => checkPlace('/repo/monitors/prod/new.json', place(SET), '--file'))).toMatchObject({
      message:
        '--file monitors/prod/new.json is not a .yaml or .yml file, so plan would not load it; nothing was written',
      hint: 'Name it monitors/prod/new.yaml.',
    });
    expect(refusal(() => checkPlace('/repo/monitors/.hidden/new.yaml', place(SET), '--file')).message).toContain(
      'dot-folder or node_modules',
    );
    expect(refusal(() => checkPlace('/repo/monitors/node_modules/new.yaml', place(SET), '--file')).code).toBe(
      'EXPORT_FILE_PLACE',
    );
  });

  it('refuses the lock file and a monitors file of the repository, even as a .yaml', () => {
    expect(
      refusal(() => checkPlace('/repo/monitors/prod/lock.yaml', place(SET, '/repo/monitors/prod/lock.yaml'), '--file'))
        .message,
    ).toBe('--file monitors/prod/lock.yaml is the lock file; nothing was written');
    expect(refusal(() => checkPlace('/repo/monitors/prod/a.yaml', place(SET), '--file'))).toMatchObject({
      code: 'EXPORT_FILE_IN_USE',
      message: expect.stringContaining('is a monitors file of this repository') as string,
    });
  });

  it('refuses a file that would move the default lock file (the folder holding all the YAML)', () => {
    expect(refusal(() => checkPlace('/repo/monitors/new.yaml', place(SET), '--file'))).toEqual({
      code: 'EXPORT_FILE_PLACE',
      message:
        '--file monitors/new.yaml would move the lock file plan uses from monitors/prod/monitors.lock.json to monitors/monitors.lock.json (by default it is in the folder holding all the YAML files); nothing was written',
      hint: 'Name a file under monitors/prod, or name the lock file in settings.lock_file.',
    });
    expect(() => checkPlace('/repo/monitors/new.yaml', place(SET, '/repo/locks/x.json'), '--file')).not.toThrow();
  });
});
