// Where the lock file of a set of monitors lives: one rule, whatever folder the command
// runs in and however the paths were typed.
//
//   1. --lock FILE (relative to the working folder, like any path on the command line);
//   2. in an environment: its settings.environments.NAME.lock_file; without environments:
//      settings.lock_file (either relative to the file that declares it);
//   3. monitors.lock.json in the folder holding the monitors files that were loaded (the
//      deepest folder containing them all); with no file loaded, the folder given. In an
//      environment, monitors.NAME.lock.json there instead.
//
// So `monitors plan` in a repository root whose YAML is in monitors/ uses
// monitors/monitors.lock.json, exactly as `monitors plan monitors/` or a run from inside
// monitors/ does. An environment never falls back to a lock file another environment
// could use: a set with environments may not declare settings.lock_file (the loader
// reports environments.shared_lock_file), and its default name carries the environment's.
import path from 'node:path';

export const DEFAULT_LOCK_NAME = 'monitors.lock.json';

export type LockSource = 'flag' | 'settings' | 'environment' | 'default';

export interface LockLocation {
  /** Absolute path. */
  path: string;
  source: LockSource;
  /** The environment the lock file is for, when the set declares environments. */
  environment?: string;
}

export interface LockInputs {
  /** --lock as typed. */
  flag?: string | undefined;
  /** settings.lock_file, already resolved against the declaring file (absolute). */
  settingsLockFile?: string | undefined;
  /** The environment chosen, when the set declares environments; its lock_file resolved like settings.lock_file. */
  environment?: { name: string; lockFile?: string | undefined } | undefined;
  /** The monitors files loaded, absolute. */
  files: readonly string[];
  /** The folder to use when no file was loaded (the first folder given), absolute. */
  fallbackFolder: string;
  cwd: string;
}

export function lockLocation(inputs: LockInputs): LockLocation {
  const { environment } = inputs;
  const tag = environment ? { environment: environment.name } : {};
  if (inputs.flag) return { path: path.resolve(inputs.cwd, inputs.flag), source: 'flag', ...tag };
  if (environment?.lockFile) return { path: path.resolve(environment.lockFile), source: 'environment', ...tag };
  if (!environment && inputs.settingsLockFile)
    return { path: path.resolve(inputs.settingsLockFile), source: 'settings' };
  const folder = inputs.files.length > 0 ? commonFolder(inputs.files) : inputs.fallbackFolder;
  return {
    path: path.join(folder, environment ? environmentLockName(DEFAULT_LOCK_NAME, environment.name) : DEFAULT_LOCK_NAME),
    source: 'default',
    ...tag,
  };
}

/** `monitors.lock.json` -> `monitors.staging.lock.json`. */
export function environmentLockName(name: string, environment: string): string {
  return name.endsWith('.lock.json')
    ? `${name.slice(0, -'.lock.json'.length)}.${environment}.lock.json`
    : `${name}.${environment}`;
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
    case 'environment':
      return `named by settings.environments.${location.environment}.lock_file`;
    case 'default':
      return location.environment === undefined
        ? 'the default: beside the monitors files'
        : `the default for environment ${location.environment}: beside the monitors files`;
  }
}
