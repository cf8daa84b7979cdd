import { statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Settings } from '../../model/monitor.js';

export const DEFAULT_LOCK_NAME = 'monitors.lock.json';

/**
 * Where the lock file lives: --lock wins, then `settings.lock_file`, then
 * monitors.lock.json beside the config (in the first folder given, or the folder of
 * the first file given). In an environment: --lock, then its own `lock_file`, then
 * monitors.<name>.lock.json where monitors.lock.json would be.
 */
export function lockPathFor(paths: readonly string[], settings: Settings, flag: string | undefined, cwd: string): string {
  if (flag) return resolve(cwd, flag);
  const environment = settings.environment;
  if (environment?.lockFile) return resolve(cwd, environment.lockFile);
  const shared = environment ? undefined : settings.lockFile;
  if (shared) return resolve(cwd, shared);
  const first = resolve(cwd, paths[0] ?? '.');
  const path = join(isDirectory(first) ? first : dirname(first), DEFAULT_LOCK_NAME);
  return environment ? join(dirname(path), environmentLockName(basename(path), environment.name)) : path;
}

/** `monitors.lock.json` -> `monitors.staging.lock.json`. */
export function environmentLockName(name: string, environment: string): string {
  return name.endsWith('.lock.json') ? `${name.slice(0, -'.lock.json'.length)}.${environment}.lock.json` : `${name}.${environment}`;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
