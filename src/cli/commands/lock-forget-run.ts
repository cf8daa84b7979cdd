// `monitors lock forget NAME`: what a `removed:` entry does at an apply, for a monitor whose
// YAML is already gone. The record leaves the lock (the file, or the lock branch through the
// same session as apply's lock writes); the live monitor is left as it is, unmanaged, and
// nothing is sent to the server. It asks first, or takes --yes.
import { EXIT_OK } from '../../errors.js';
import { forgetRecord, noLockFile } from '../../lock-view/forget.js';
import { writeLockFileAtomic } from '../../lock/lock-file.js';
import { displayPath } from '../../model/display-path.js';
import { forgetCommitChange, forgetNotice, forgetQuestion, forgotLine } from '../../render/lock-forget-report.js';
import { confirmApply } from '../steps/confirm.js';
import { readLockSet } from '../steps/lock-set.js';
import type { LockForgetOptions } from '../arguments/lock-options.js';
import { parseLockForgetArguments } from '../arguments/lock.js';

export async function runLockForget(name: string, paths: string[], options: LockForgetOptions): Promise<number> {
  const args = parseLockForgetArguments(options, process.env);
  const { set, branch } = await readLockSet(paths, args, options, 'lock forget');
  const lockFile = displayPath(set.location.path, process.cwd());
  if (!set.lock) throw noLockFile(lockFile);
  const declared = set.desired.monitors.find((m) => m.name === name)?.source;
  const { lock, record } = forgetRecord(set.lock, name, declared);
  const view = { name: record.name, id: record.id, lockFile };
  process.stderr.write(forgetNotice(view));
  await confirmApply(args.yes, process.stdin, process, {
    command: `lock forget ${name}`,
    question: forgetQuestion(view),
  });
  if (branch) await branch.save(lock, undefined, forgetCommitChange(view));
  else await writeLockFileAtomic(set.location.path, lock);
  process.stdout.write(forgotLine(view));
  return EXIT_OK;
}
