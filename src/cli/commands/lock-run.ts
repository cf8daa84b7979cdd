// `monitors lock list` and `lock show`: the lock of a set (or of one environment), read from
// the file or from --lock-branch, with where the YAML declares each monitor and when git
// last saw its record change. Reads only: no token, no request.
import { EXIT_OK, MonitorsError } from '../../errors.js';
import { appliedTimes } from '../../lock-view/applied-times.js';
import { blameLines } from '../../lock-view/blame.js';
import { findRecord, noLockFile } from '../../lock-view/forget.js';
import { lockRows, type LockRow } from '../../lock-view/rows.js';
import { displayPath } from '../../model/display-path.js';
import { renderLockListJson, renderLockShowJson } from '../../render/lock-json.js';
import { renderLockListText, renderLockShowText } from '../../render/lock-text.js';
import { readSetLock, type SetLock } from '../planning/read-set-lock.js';
import { requestedEnvironment } from '../steps/environment.js';
import { openLockBranchSession, PROCESS_OUTPUT, type LockBranchSession } from '../steps/lock-branch-session.js';
import { fileOption } from '../steps/options.js';
import type { LockReadOptions } from './lock-options.js';

export { runLockForget } from './lock-forget-run.js';

type LockFormat = 'text' | 'json';

export async function runLockList(paths: string[], options: LockReadOptions): Promise<number> {
  const format = parseLockFormat(options.format);
  const { set, rows } = await readRows(paths, options, 'lock list');
  const lockFile = displayPath(set.location.path, process.cwd());
  const notes = [
    ...(set.note ? [set.note] : []),
    ...(set.lock ? [] : [`there is no lock file at ${lockFile} yet: nothing has been applied from this set`]),
  ];
  const view = { lockFile, rows, notes };
  process.stdout.write(format === 'json' ? renderLockListJson(view) : renderLockListText(view));
  return EXIT_OK;
}

export async function runLockShow(name: string, paths: string[], options: LockReadOptions): Promise<number> {
  const format = parseLockFormat(options.format);
  const { set, rows } = await readRows(paths, options, 'lock show');
  const lockFile = displayPath(set.location.path, process.cwd());
  if (!set.lock) throw noLockFile(lockFile);
  const record = findRecord(set.lock, name);
  const row = rows.find((r) => r.record === record)!;
  process.stdout.write(format === 'json' ? renderLockShowJson(row, lockFile) : renderLockShowText(row, lockFile));
  return EXIT_OK;
}

async function readRows(
  paths: string[],
  options: LockReadOptions,
  command: string,
): Promise<{ set: SetLock; rows: LockRow[] }> {
  const environment = requestedEnvironment(options.env, process.env);
  const lockFlag = fileOption('--lock', options.lock);
  const branch = openLockBranchSession(options, process.cwd(), process.env, PROCESS_OUTPUT);
  const set = await readSetLock({
    paths,
    env: process.env,
    cwd: process.cwd(),
    command,
    environment,
    lockFlag,
    readLock: branch?.readLock,
  });
  const applied = set.text ? appliedTimes(set.text, await history(set, branch)) : new Map<string, string | null>();
  const rows = set.lock ? lockRows(set.lock, set.desired, applied) : [];
  return { set, rows };
}

/** When each line of the lock last changed: on the lock branch, at the tip read; else in the working tree. */
function history(set: SetLock, branch: LockBranchSession | undefined) {
  const at = branch?.readAt();
  return at ? blameLines(set.location.path, at) : branch ? Promise.resolve(new Map()) : blameLines(set.location.path);
}

// The one place that knows this command's formats.
function parseLockFormat(value: string): LockFormat {
  if (value === 'text' || value === 'json') return value;
  throw new MonitorsError('BAD_OPTION', `--format must be text or json, not "${value}"`);
}
