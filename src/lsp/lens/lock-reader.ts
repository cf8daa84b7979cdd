// The lock file of each environment, read as plan would choose it (src/lock/location.ts),
// kept while the file's size and time stay the same. A lock that cannot be read is an
// answer too (the lens says so), never an exception.
import { statSync } from 'node:fs';
import path from 'node:path';
import { readLockFile } from '../../lock/lock-file.js';
import { lockLocation } from '../../lock/location.js';
import type { LockFile } from '../../lock/types.js';
import type { DesiredState } from '../../model/monitor.js';

export type LockRead = { lock: LockFile | undefined } | { unreadable: string };

export class LockReader {
  private readonly kept = new Map<string, { stamp: string; read: LockRead }>();

  /** The lock file `plan` would use for this state (its environment's), from the set's folder. */
  async forState(state: DesiredState, root: string): Promise<LockRead> {
    const { settings } = state;
    const where = lockLocation({
      settingsLockFile: settings.lockFile,
      ...(settings.environment
        ? { environment: { name: settings.environment.name, lockFile: settings.environment.lockFile } }
        : {}),
      files: state.files.map((f) => path.resolve(root, f)),
      fallbackFolder: root,
      cwd: root,
    }).path;
    let stamp = 'none';
    try {
      const info = statSync(where);
      stamp = `${info.size}:${info.mtimeMs}`;
    } catch {
      // No lock yet: every monitor is a create.
    }
    const hit = this.kept.get(where);
    if (hit && hit.stamp === stamp) return hit.read;
    let read: LockRead;
    try {
      read = { lock: await readLockFile(where) };
    } catch (e) {
      read = { unreadable: e instanceof Error && 'code' in e ? String((e as { code: unknown }).code) : 'unreadable' };
    }
    this.kept.set(where, { stamp, read });
    return read;
  }
}
