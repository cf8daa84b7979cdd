import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commonFolder, describeLockSource, lockLocation, unusedLockFiles } from '../../src/lock/location.js';

const root = path.resolve('/repo');
const at = (...parts: string[]) => path.join(root, ...parts);

describe('where the lock file lives', () => {
  it('defaults to the folder holding the loaded monitors files, whatever folder the command runs in', () => {
    const files = [at('monitors', 'shop.yaml'), at('monitors', 'team', 'api.yaml')];
    for (const cwd of [root, at('monitors'), at('elsewhere')]) {
      expect(lockLocation({ files, fallbackFolder: cwd, cwd })).toEqual({
        path: at('monitors', 'monitors.lock.json'),
        source: 'default',
      });
    }
  });

  it('--lock wins (relative to the working folder), then settings.lock_file', () => {
    const files = [at('monitors', 'shop.yaml')];
    expect(
      lockLocation({
        flag: 'x.json',
        settingsLockFile: at('s.json'),
        files,
        fallbackFolder: root,
        cwd: at('monitors'),
      }),
    ).toEqual({ path: at('monitors', 'x.json'), source: 'flag' });
    expect(lockLocation({ settingsLockFile: at('state', 's.json'), files, fallbackFolder: root, cwd: root })).toEqual({
      path: at('state', 's.json'),
      source: 'settings',
    });
  });

  it("in an environment: --lock, then the environment's lock_file, else monitors.NAME.lock.json where monitors.lock.json would be; never settings.lock_file", () => {
    const files = [at('monitors', 'shop.yaml')];
    const staging = { name: 'staging', lockFile: at('locks', 'staging.json') };
    const inputs = { settingsLockFile: at('shared.json'), files, fallbackFolder: root, cwd: root };
    expect(lockLocation({ ...inputs, flag: 'x.json', environment: staging })).toEqual({
      path: at('x.json'),
      source: 'flag',
      environment: 'staging',
    });
    expect(lockLocation({ ...inputs, environment: staging })).toEqual({
      path: at('locks', 'staging.json'),
      source: 'environment',
      environment: 'staging',
    });
    // settings.lock_file would be shared by every environment (the loader refuses it with environments).
    expect(lockLocation({ ...inputs, environment: { name: 'staging' } })).toEqual({
      path: at('monitors', 'monitors.staging.lock.json'),
      source: 'default',
      environment: 'staging',
    });
    expect(describeLockSource({ path: '', source: 'environment', environment: 'staging' })).toBe(
      'named by settings.environments.staging.lock_file',
    );
  });

  it('with no file loaded, the folder given', () => {
    expect(lockLocation({ files: [], fallbackFolder: at('monitors'), cwd: root }).path).toBe(
      at('monitors', 'monitors.lock.json'),
    );
  });

  it('the common folder of files in sibling folders is their parent', () => {
    expect(commonFolder([at('a', 'x.yaml'), at('b', 'c', 'y.yaml')])).toBe(root);
    expect(commonFolder([at('ab', 'x.yaml'), at('a', 'y.yaml')])).toBe(root); // by segment, not by text
    expect(commonFolder([at('a', 'x.yaml')])).toBe(at('a'));
    expect(commonFolder(['/x.yaml', '/y/z.yaml'])).toBe('/');
  });

  it('lists the lock files seen that are not the one in use, once each', () => {
    expect(
      unusedLockFiles(at('monitors.lock.json'), [
        at('monitors', 'monitors.lock.json'),
        at('monitors.lock.json'),
        at('monitors', 'monitors.lock.json'),
      ]),
    ).toEqual([at('monitors', 'monitors.lock.json')]);
  });
});
