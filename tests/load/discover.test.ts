import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/load/index.js';
import { loadFiles, tempDir, where } from './temp-dir.js';

const EMPTY = 'monitors: []\n';

describe('finding the YAML files', () => {
  it('reads folders recursively in sorted path order, .yaml and .yml, skipping dot-folders, dot-files and node_modules', async () => {
    const r = await loadFiles({
      'b.yaml': EMPTY,
      'a.yml': EMPTY,
      'a/z.yaml': EMPTY,
      'a/b/c.YAML': EMPTY,
      '.github/workflow.yml': 'on: push\n',
      '.hidden.yaml': 'broken: [\n',
      'node_modules/pkg/x.yaml': 'broken: [\n',
      'notes.txt': 'not yaml',
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.files).toEqual(['a.yml', 'a/b/c.YAML', 'a/z.yaml', 'b.yaml']);
  });

  it('keeps the order of the paths given and reads a file named twice only once', async () => {
    const r = await loadFiles({ 'x/b.yaml': EMPTY, 'y/a.yaml': EMPTY }, { paths: ['y', 'x', 'y/a.yaml', './x/b.yaml'] });
    expect(r.state.files).toEqual(['y/a.yaml', 'x/b.yaml']);
  });

  it('a path that does not exist', async () => {
    const r = await loadFiles({ 'a.yaml': EMPTY }, { paths: ['a.yaml', 'missing.yaml'] });
    expect(where(r)).toEqual(['missing.yaml:0:0 error path.not_found']);
    expect(r.state.files).toEqual(['a.yaml']);
  });

  it('an empty folder', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'empty'));
    const r = await loadDesiredState(['empty'], { env: {}, cwd: dir });
    expect(where(r)).toEqual(['empty:0:0 error path.empty_folder']);
  });

  it('a folder with files but no YAML', async () => {
    const r = await loadFiles({ 'docs/readme.md': '# hi\n' }, { paths: ['docs'] });
    expect(where(r)).toEqual(['docs:0:0 error path.no_yaml']);
  });

  it('a file that is not YAML, named explicitly', async () => {
    const r = await loadFiles({ 'monitors.json': '{}' }, { paths: ['monitors.json'] });
    expect(where(r)).toEqual(['monitors.json:0:0 error path.not_yaml']);
  });

  it('survives a symlink loop', async () => {
    const dir = tempDir({ 'a/x.yaml': EMPTY });
    symlinkSync(path.join(dir, 'a'), path.join(dir, 'a', 'loop'));
    const r = await loadDesiredState(['.'], { env: {}, cwd: dir });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.files).toEqual(['a/x.yaml']);
  });

  it('a broken symbolic link named like a monitors file is an error, not silently skipped', async () => {
    const dir = tempDir({ 'a/x.yaml': EMPTY });
    symlinkSync(path.join(dir, 'gone.yaml'), path.join(dir, 'a', 'prod.yaml'));
    symlinkSync(path.join(dir, 'gone'), path.join(dir, 'a', 'notes.txt'));
    const r = await loadDesiredState(['.'], { env: {}, cwd: dir });
    expect(where(r)).toEqual(['a/prod.yaml:0:0 error path.unreadable']);
    expect(r.diagnostics[0]?.message).toBe('symbolic link to nothing readable (ENOENT)');
    expect(r.state.files).toEqual(['a/x.yaml']);
  });

  it('paths outside the working folder are shown relative to it', async () => {
    const dir = tempDir({ 'set/a.yaml': EMPTY });
    mkdirSync(path.join(dir, 'work'));
    const r = await loadDesiredState(['../set'], { env: {}, cwd: path.join(dir, 'work') });
    expect(r.state.files).toEqual(['../set/a.yaml']);
  });
});
