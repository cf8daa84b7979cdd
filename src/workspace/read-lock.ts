// The lock of a workspace read from where the request says: the file at the place the rule
// chose (or read ahead on the loader's thread), a text given as it is kept, or the lock
// branch. Its text comes with it, for the lock commands' history of its lines.
import { parseLock, readLockWithText, serializeLock } from '../lock/lock-file.js';
import type { LockFile } from '../lock/types.js';
import type { LoadedYaml } from './load-yaml.js';
import type { LockChoice } from './lock-choice.js';
import type { LockSource, StepMarker } from './request.js';

export interface LockRead {
  /** Undefined: no lock yet, or not read (`none`). */
  lock: LockFile | undefined;
  /** As it is kept; undefined when read ahead on the loader's thread (which keeps no text). */
  lockText: string | undefined;
}

/** The lock at the chosen place, from the source the request names. */
export async function readLockFrom(
  source: LockSource,
  opened: { lockChoice: LockChoice; lockAhead: LoadedYaml['lock'] },
  step: StepMarker,
): Promise<LockRead> {
  if ('none' in source) return { lock: undefined, lockText: undefined };
  const path = opened.lockChoice.location.path;
  const reading = step('reading the lock file');
  try {
    const ahead = opened.lockAhead;
    if (!('text' in source) && !('branch' in source) && ahead?.path === path)
      return { lock: await ahead.read(), lockText: undefined };
    return await readLockAt(source, path);
  } finally {
    reading();
  }
}

/** The lock at `path` from a source (a saved plan names its lock file itself). */
export async function readLockAt(source: LockSource, path: string): Promise<LockRead> {
  if ('none' in source) return { lock: undefined, lockText: undefined };
  if ('text' in source) return { lock: parseLock(source.text, path), lockText: source.text };
  if ('branch' in source) {
    // The branch holds what serializeLock wrote: its text is the lock's own.
    const lock = await source.branch(path);
    return { lock, lockText: lock ? serializeLock(lock) : undefined };
  }
  const read = await readLockWithText(path);
  return { lock: read?.lock, lockText: read?.text };
}

/** The lock file at `path` with its text, or undefined when there is none yet (export's adoption adds to it). */
export async function lockFileWithText(path: string): Promise<{ lock: LockFile; text: string } | undefined> {
  const { lock, lockText } = await readLockAt({}, path);
  return lock && lockText !== undefined ? { lock, text: lockText } : undefined;
}
