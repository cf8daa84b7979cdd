// `monitors lock list` and `lock show`: the lock of a set (or of one environment), read from
// the file or from --lock-branch, with where the YAML declares each monitor and when git
// last saw its record change. Reads only: no token, no request.
import { EXIT_OK } from '../../errors.js';
import { appliedTimes } from '../../lock-view/applied-times.js';
import { blameLines } from '../../lock-view/blame.js';
import { findRecord, noLockFile } from '../../lock-view/forget.js';
import { lockRows, type LockRow } from '../../lock-view/rows.js';
import { displayPath } from '../../model/display-path.js';
import { renderAs } from '../../render/formats/registry.js';
import { noLockYetNote } from '../../render/lock-text.js';
import type { LockBranchFlags, LockBranchSession } from '../steps/lock-branch-session.js';
import { readLockSet, type SetLock } from '../steps/lock-set.js';
import type { LockReadOptions } from '../arguments/lock-options.js';
import { parseLockReadArguments, type LockSetArguments } from '../arguments/lock.js';

export { runLockForget } from './lock-forget-run.js';

// The lock's views have no colour: names and ids, nothing to flag.
const NO_COLOR = { color: false };

export async function runLockList(paths: string[], options: LockReadOptions): Promise<number> {
  const args = parseLockReadArguments('lock', options, process.env);
  const { format } = args;
  const { set, rows } = await readRows(paths, args, options, 'lock list');
  const lockFile = displayPath(set.location.path, process.cwd());
  const notes = [...(set.note ? [set.note] : []), ...(set.lock ? [] : [noLockYetNote(lockFile)])];
  const view = { environment: environmentOf(set), lockFile, rows, notes };
  process.stdout.write(await renderAs(format, 'lock', view, NO_COLOR));
  return EXIT_OK;
}

export async function runLockShow(name: string, paths: string[], options: LockReadOptions): Promise<number> {
  const args = parseLockReadArguments('lockRecord', options, process.env);
  const { format } = args;
  const { set, rows } = await readRows(paths, args, options, 'lock show');
  const lockFile = displayPath(set.location.path, process.cwd());
  if (!set.lock) throw noLockFile(lockFile);
  const record = findRecord(set.lock, name);
  const row = rows.find((r) => r.record === record)!;
  process.stdout.write(
    await renderAs(format, 'lockRecord', { environment: environmentOf(set), row, lockFile }, NO_COLOR),
  );
  return EXIT_OK;
}

async function readRows(
  paths: string[],
  args: LockSetArguments,
  flags: LockBranchFlags,
  command: string,
): Promise<{ set: SetLock; rows: LockRow[] }> {
  const { set, branch } = await readLockSet(paths, args, flags, command);
  const applied = set.text ? appliedTimes(set.text, await history(set, branch)) : new Map<string, string | null>();
  const rows = set.lock ? lockRows(set.lock, set.desired, applied) : [];
  return { set, rows };
}

/** When each line of the lock last changed: on the lock branch, at the tip read; else in the working tree. */
function history(set: SetLock, branch: LockBranchSession | undefined) {
  const at = branch?.readAt();
  return at ? blameLines(set.location.path, at) : branch ? Promise.resolve(new Map()) : blameLines(set.location.path);
}

const environmentOf = (set: SetLock) => set.desired.settings.environment?.name ?? null;
