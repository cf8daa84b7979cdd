// The lock file of each environment, chosen and read by the workspace opener as `plan`
// chooses and reads it (src/workspace/lock-choice.ts, read-lock.ts: the set's folder as the
// path given, no --lock), kept while the file's size and time stay the same. A lock that
// cannot be read is an answer too (the lens says so), never an exception.
import { statSync } from 'node:fs';
import type { LockFile } from '../../lock/types.js';
import type { DesiredState } from '../../model/monitor.js';
import { lockFileOf } from '../../workspace/lock-choice.js';
import { readLockAt } from '../../workspace/read-lock.js';

export type LockRead = { lock: LockFile | undefined } | { unreadable: string };

export class LockReader {
  private readonly kept = new Map<string, { stamp: string; read: LockRead }>();

  /** The lock file `plan` would use for this state (its environment's), from the set's folder. */
  async forState(state: DesiredState, root: string): Promise<LockRead> {
    const where = lockPathFor(state, root);
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
      read = { lock: (await readLockAt({}, where)).lock };
    } catch (e) {
      read = { unreadable: e instanceof Error && 'code' in e ? String((e as { code: unknown }).code) : 'unreadable' };
    }
    this.kept.set(where, { stamp, read });
    return read;
  }
}

/** Where `plan` run in the set's folder finds the lock of this state (its environment's, when it has one). */
export function lockPathFor(state: DesiredState, root: string): string {
  return lockFileOf({ paths: [root], flag: undefined, cwd: root }, state.settings, state.files).path;
}
