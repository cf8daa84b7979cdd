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
    const r = await loadFiles(
      { 'x/b.yaml': EMPTY, 'y/a.yaml': EMPTY },
      { paths: ['y', 'x', 'y/a.yaml', './x/b.yaml'] },
    );
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

describe('YAML of other tools in a searched folder', () => {
  const COMPOSE = 'services:\n  web:\n    image: nginx\n';

  it('is skipped with a note, and the monitors files are read', async () => {
    const r = await loadFiles({
      'docker-compose.yml': COMPOSE,
      'playbook.yml': '- hosts: all\n  tasks: []\n',
      'k8s.yaml': 'kind: Service\n---\nkind: Deployment\n',
      'cfn.yaml': 'Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n    Properties:\n      Name: !Ref Name\n',
      'monitors/shop.yaml': EMPTY,
    });
    expect(where(r)).toEqual([
      'cfn.yaml:0:0 info file.skipped',
      'docker-compose.yml:0:0 info file.skipped',
      'k8s.yaml:0:0 info file.skipped',
      'playbook.yml:0:0 info file.skipped',
    ]);
    expect(r.diagnostics[1]?.message).toBe(
      'skipped: not a monitors file (no defaults, vars, monitors, moved, removed, deleted, settings or policy at its top level); name it explicitly to check it as one',
    );
    expect(r.state.files).toEqual(['monitors/shop.yaml']);
  });

  it('a file with one key of a monitors file is read strictly (its unknown keys are errors)', async () => {
    const r = await loadFiles({ 'a.yaml': 'services: {}\nsettings: {}\n' });
    expect(where(r)).toEqual(['a.yaml:1:1 error schema.additionalProperties']);
  });

  it('an empty file, or one with only comments, is not skipped: it may be a monitors file emptied by mistake', async () => {
    const r = await loadFiles({
      'a.yaml': '',
      'b.yaml': '# yaml-language-server: $schema=schema/monitors-file.schema.json\n',
      'c.yaml': EMPTY,
    });
    expect(where(r)).toEqual(['a.yaml:1:1 error file.empty', 'b.yaml:1:1 error file.empty']);
  });

  it('a key that is a near miss of a monitors-file key is a typo to report, not a reason to skip', async () => {
    const r = await loadFiles({
      'a.yaml': 'monitor:\n  - name: home\n',
      'b.yaml': 'Default:\n  type: http\nservices: {}\n',
    });
    expect(where(r)).toEqual([
      'a.yaml:1:1 error schema.additionalProperties',
      'a.yaml:1:1 error file.no_monitors',
      'b.yaml:1:1 error schema.additionalProperties',
      'b.yaml:1:1 error file.no_monitors',
      'b.yaml:3:1 error schema.additionalProperties',
    ]);
  });

  it('a file named explicitly stays strict', async () => {
    const r = await loadFiles(
      { 'docker-compose.yml': COMPOSE, 'shop.yaml': EMPTY },
      { paths: ['docker-compose.yml', 'shop.yaml'] },
    );
    expect(where(r)).toEqual([
      'docker-compose.yml:1:1 error schema.additionalProperties',
      'docker-compose.yml:1:1 error file.no_monitors',
    ]);
  });

  it('a folder whose YAML files are all skipped is an error (an empty set would plan deleting every managed monitor)', async () => {
    const r = await loadFiles(
      { 'docker-compose.yml': COMPOSE, 'monitors/shop.yaml': EMPTY },
      { paths: ['.', 'monitors'] },
    );
    // '.' found monitors/shop.yaml itself: no error for it.
    expect(where(r)).toEqual(['docker-compose.yml:0:0 info file.skipped']);
    const alone = await loadFiles({ 'docker-compose.yml': COMPOSE });
    expect(where(alone)).toEqual(['docker-compose.yml:0:0 info file.skipped', '.:0:0 error path.no_monitors_files']);
    expect(alone.diagnostics[1]?.message).toBe(
      'no monitors files in this folder: its one YAML file was skipped as not a monitors file',
    );
  });

  it('knows the keys of templates and environments: a vars-only or settings-only file is read, and other YAML does not declare environments', async () => {
    const settings =
      'settings:\n  environments:\n    staging:\n      token_env: STAGING_TOKEN\n    production:\n      token_env: PRODUCTION_TOKEN\n';
    const r = await loadFiles({
      'docker-compose.yml': COMPOSE,
      // Another tool's file with a top-level environments: key is not a monitors file, and declares nothing.
      'deploy.yaml': 'environments:\n  qa:\n    url: https://qa.example.com\n',
      'monitors/settings.yaml': settings,
      'monitors/shop.yaml': EMPTY,
    });
    expect(where(r)).toEqual(['deploy.yaml:0:0 info file.skipped', 'docker-compose.yml:0:0 info file.skipped']);
    expect(r.state.files).toEqual(['monitors/settings.yaml', 'monitors/shop.yaml']);
    expect(r.declaredEnvironments).toEqual(['staging', 'production']);
    // vars: alone makes a monitors file (read, not skipped), and one without monitors: is reported.
    const vars = await loadFiles({ 'vars.yaml': 'vars:\n  domain: example.com\n', 'shop.yaml': EMPTY });
    expect(where(vars)).toEqual(['vars.yaml:1:1 error file.no_monitors']);
  });

  it('the keys come from the file schema: any top-level key of a monitors file makes it one', async () => {
    const { TOP_LEVEL_KEYS } = await import('../../src/load/suggest/candidates.js');
    const { monitorsFileSchema } = await import('../../src/schema/file-schema.js');
    expect(TOP_LEVEL_KEYS).toEqual(Object.keys(monitorsFileSchema.properties));
    for (const key of TOP_LEVEL_KEYS) {
      const r = await loadFiles({ 'a.yaml': `services: {}\n${key}: {}\n` });
      expect(r.diagnostics.map((d) => d.code)).not.toContain('file.skipped');
    }
  });
});
