// The language server's code lens reads the lock that `plan` reads: its lock reader chooses
// the file with the opener's rule, so with a variable unset (a warning in the editor, as in
// the commands that send nothing of it) the lens and the opener name the same file and
// read the same lock, in every environment, whatever folder the YAML sits in.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDesiredState } from '../../src/load/index.js';
import { LockReader, lockPathFor } from '../../src/lsp/lens/lock-reader.js';
import { openWorkspace } from '../../src/workspace/open.js';
import { workspaceDir, writeLock } from './open-fixture.js';

describe('the lens and the opener', () => {
  it('read the same lock file of each environment when a variable is unset', async () => {
    const { root, yaml } = workspaceDir();
    writeLock(path.join(yaml, 'monitors.staging.lock.json'), 'mon_staging');
    writeLock(path.join(yaml, 'monitors.production.lock.json'), 'mon_production');
    // A stray lock of the set without environments, beside the YAML: neither may take it.
    writeLock(path.join(yaml, 'monitors.lock.json'), 'mon_stray');
    const env = {}; // SHOP_KEY unset
    // As the language server loads the set: its root, every environment, an unset variable a warning.
    const editor = await loadDesiredState([], { env, cwd: root, missingEnv: 'warning' });
    const reader = new LockReader();
    for (const { name, state } of editor.environments) {
      const opened = await openWorkspace({
        paths: ['.'],
        cwd: root,
        env,
        environment: { name: name!, via: '--env' },
        command: 'status',
        lock: {},
        client: 'none',
        missingVariable: 'warning',
      });
      expect(lockPathFor(state, root)).toBe(opened.lockChoice.location.path);
      const read = await reader.forState(state, root);
      expect(read).toEqual({ lock: opened.lock });
      expect(opened.lock?.monitors.map((r) => r.id)).toEqual([`mon_${name}`]);
    }
  });

  it('agree when run from the YAML folder itself', async () => {
    const { yaml } = workspaceDir({ plain: true });
    writeLock(path.join(yaml, 'monitors.lock.json'), 'mon_plain');
    const editor = await loadDesiredState([], { env: {}, cwd: yaml, missingEnv: 'warning' });
    const opened = await openWorkspace({
      paths: ['.'],
      cwd: yaml,
      env: {},
      command: 'plan',
      lock: {},
      client: 'none',
      missingVariable: 'warning',
    });
    expect(lockPathFor(editor.state, yaml)).toBe(opened.lockChoice.location.path);
    expect(await new LockReader().forState(editor.state, yaml)).toEqual({ lock: opened.lock });
  });
});
