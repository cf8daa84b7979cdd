import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Settings } from '../../model/monitor.js';

export const DEFAULT_LOCK_NAME = 'monitors.lock.json';

/**
 * Where the lock file lives: --lock wins, then `settings.lock_file`, then
 * monitors.lock.json beside the config (in the first folder given, or the folder of
 * the first file given).
 */
export function lockPathFor(paths: readonly string[], settings: Settings, flag: string | undefined, cwd: string): string {
  if (flag) return resolve(cwd, flag);
  if (settings.lockFile) return resolve(cwd, settings.lockFile);
  const first = resolve(cwd, paths[0] ?? '.');
  return join(isDirectory(first) ? first : dirname(first), DEFAULT_LOCK_NAME);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
