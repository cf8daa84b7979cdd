// Which lock file a workspace uses (--lock, the environment's, the set's), and the lock files it
// leaves unused: one rule for every command and the language server's lens. Pure but for
// looking at which paths exist.
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { displayPath } from '../model/display-path.js';
import {
  DEFAULT_LOCK_NAME,
  describeLockSource,
  lockLocation,
  unusedLockFiles,
  type LockLocation,
} from '../lock/location.js';
import type { Settings } from '../model/monitor.js';

export { DEFAULT_LOCK_NAME };

export interface LockChoice {
  location: LockLocation;
  /** A note for the plan when other lock files lie beside the YAML, unused; else undefined. */
  note: string | undefined;
}

export interface LockPlaceRequest {
  paths: readonly string[];
  flag: string | undefined;
  cwd: string;
}

/** Where the lock file of a loaded set is (src/lock/location.ts has the rule), in its environment when it has one. */
export function lockFileOf(request: LockPlaceRequest, settings: Settings, files: readonly string[]): LockLocation {
  const first = resolve(request.cwd, request.paths[0] ?? '.');
  const { environment } = settings;
  return lockLocation({
    flag: request.flag,
    settingsLockFile: settings.lockFile,
    ...(environment ? { environment: { name: environment.name, lockFile: environment.lockFile } } : {}),
    files: files.map((f) => resolve(request.cwd, f)),
    fallbackFolder: isDirectory(first) ? first : dirname(first),
    cwd: request.cwd,
  });
}

/** The lock file of a plan, and any it leaves unused. */
export function chooseLockFile(
  request: LockPlaceRequest,
  settings: Settings,
  loaded: { files: readonly string[]; lockFilesSeen: readonly string[] },
): LockChoice {
  const location = lockFileOf(request, settings, loaded.files);
  const files = loaded.files.map((f) => resolve(request.cwd, f));
  const beside = [...new Set(files.map((f) => join(dirname(f), DEFAULT_LOCK_NAME)))].filter((f) => existsSync(f));
  const unused = unusedLockFiles(location.path, [...loaded.lockFilesSeen, ...beside]);
  if (unused.length === 0) return { location, note: undefined };
  const shown = unused.map((f) => displayPath(f, request.cwd));
  const setting =
    location.environment === undefined
      ? 'settings.lock_file'
      : `settings.environments.${location.environment}.lock_file`;
  return {
    location,
    note:
      `${shown.length === 1 ? `${shown[0]} is a lock file` : `${shown.join(', ')} are lock files`} this plan does not use: it uses ` +
      `${displayPath(location.path, request.cwd)} (${describeLockSource(location)}). If that is the wrong one, pass --lock ${shown[0]} or set ${setting}.`,
  };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
