import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { displayPath } from '../../load/discover.js';
import { DEFAULT_LOCK_NAME, describeLockSource, lockLocation, unusedLockFiles, type LockLocation } from '../../lock/location.js';
import type { Settings } from '../../model/monitor.js';

export { DEFAULT_LOCK_NAME };

export interface LockChoice {
  location: LockLocation;
  /** A note for the plan when other lock files lie beside the YAML, unused; else undefined. */
  note: string | undefined;
}

/** The lock file of a plan (src/lock/location.ts has the rule), and any it leaves unused. */
export function chooseLockFile(request: { paths: readonly string[]; flag: string | undefined; cwd: string }, settings: Settings, loaded: { files: readonly string[]; lockFilesSeen: readonly string[] }): LockChoice {
  const files = loaded.files.map((f) => resolve(request.cwd, f));
  const first = resolve(request.cwd, request.paths[0] ?? '.');
  const location = lockLocation({
    flag: request.flag,
    settingsLockFile: settings.lockFile,
    files,
    fallbackFolder: isDirectory(first) ? first : dirname(first),
    cwd: request.cwd,
  });
  const beside = [...new Set(files.map((f) => join(dirname(f), DEFAULT_LOCK_NAME)))].filter((f) => existsSync(f));
  const unused = unusedLockFiles(location.path, [...loaded.lockFilesSeen, ...beside]);
  if (unused.length === 0) return { location, note: undefined };
  const shown = unused.map((f) => displayPath(f, request.cwd));
  return {
    location,
    note:
      `${shown.length === 1 ? `${shown[0]} is a lock file` : `${shown.join(', ')} are lock files`} this plan does not use: it uses ` +
      `${displayPath(location.path, request.cwd)} (${describeLockSource(location)}). If that is the wrong one, pass --lock ${shown[0]} or set settings.lock_file.`,
  };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
