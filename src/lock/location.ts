// Where the lock file of a set of monitors lives: one rule, whatever folder the command
// runs in and however the paths were typed.
//
//   1. --lock FILE (relative to the working folder, like any path on the command line);
//   2. settings.lock_file (relative to the file that declares it);
//   3. monitors.lock.json in the folder holding the monitors files that were loaded (the
//      deepest folder containing them all); with no file loaded, the folder given.
//
// So `monitors plan` in a repository root whose YAML is in monitors/ uses
// monitors/monitors.lock.json, exactly as `monitors plan monitors/` or a run from inside
// monitors/ does. Other sources of a lock path (per-environment lock files, say) belong
// here, as another step of the rule.
import path from 'node:path';

export const DEFAULT_LOCK_NAME = 'monitors.lock.json';

export type LockSource = 'flag' | 'settings' | 'default';

export interface LockLocation {
  /** Absolute path. */
  path: string;
  source: LockSource;
}

export interface LockInputs {
  /** --lock as typed. */
  flag?: string | undefined;
  /** settings.lock_file, already resolved against the declaring file (absolute). */
  settingsLockFile?: string | undefined;
  /** The monitors files loaded, absolute. */
  files: readonly string[];
  /** The folder to use when no file was loaded (the first folder given), absolute. */
  fallbackFolder: string;
  cwd: string;
}

export function lockLocation(inputs: LockInputs): LockLocation {
  if (inputs.flag) return { path: path.resolve(inputs.cwd, inputs.flag), source: 'flag' };
  if (inputs.settingsLockFile) return { path: path.resolve(inputs.settingsLockFile), source: 'settings' };
  const folder = inputs.files.length > 0 ? commonFolder(inputs.files) : inputs.fallbackFolder;
  return { path: path.join(folder, DEFAULT_LOCK_NAME), source: 'default' };
}

/** The deepest folder that contains every one of `files` (absolute paths). */
export function commonFolder(files: readonly string[]): string {
  const folders = files.map((f) => path.dirname(path.resolve(f)).split(path.sep));
  const first = folders[0] ?? [];
  let depth = first.length;
  for (const parts of folders) {
    let same = 0;
    while (same < depth && same < parts.length && parts[same] === first[same]) same += 1;
    depth = same;
  }
  const joined = first.slice(0, depth).join(path.sep);
  return joined === '' ? path.sep : joined;
}

/**
 * Lock files by the default name that sit beside the loaded YAML (or were met by the
 * folder search) but are not the one in use: each likely the lock of this very set, found
 * by an earlier rule or another path, so the plan says so rather than replacing every
 * monitor as "not verifiable".
 */
export function unusedLockFiles(used: string, candidates: readonly string[]): string[] {
  const usedPath = path.resolve(used);
  return [...new Set(candidates.map((c) => path.resolve(c)))].filter((c) => c !== usedPath).sort();
}

export function describeLockSource(location: LockLocation): string {
  switch (location.source) {
    case 'flag':
      return 'given with --lock';
    case 'settings':
      return 'named by settings.lock_file';
    case 'default':
      return 'the default: beside the monitors files';
  }
}
