// `monitors lock forget NAME`: the record goes from the lock, as a `removed:` entry does at
// the next apply, for when the YAML entry is already gone. Pure: it decides, the CLI writes.
import { MonitorsError } from '../errors.js';
import { closestName } from '../model/did-you-mean.js';
import type { LockFile, LockRecord } from '../lock/types.js';
import type { SourcePos } from '../model/monitor.js';
import { locationText } from '../model/location-text.js';

export interface Forgotten {
  lock: LockFile;
  record: LockRecord;
}

/** The record named `name` (by name, else by id), refused while the YAML still declares the monitor. */
export function findRecord(lock: LockFile, name: string): LockRecord {
  const matches = lock.monitors.filter((r) => r.name === name);
  const byId = matches.length === 0 ? lock.monitors.filter((r) => r.id === name) : [];
  const found = [...matches, ...byId];
  if (found.length === 1) return found[0]!;
  if (found.length > 1)
    throw new MonitorsError('LOCK_NAME_AMBIGUOUS', `the lock file holds ${found.length} records named "${name}"`, {
      hint: `Name one by its id: ${found.map((r) => r.id).join(', ')}.`,
    });
  const near = closestName(
    name,
    lock.monitors.map((r) => r.name),
  );
  throw new MonitorsError(
    'LOCK_NAME_UNKNOWN',
    `the lock file holds no record named "${name}"${near ? `; did you mean "${near}"?` : ''}`,
    { hint: 'List the records with: monitors lock list' },
  );
}

export function forgetRecord(lock: LockFile, name: string, declaredAt: SourcePos | undefined): Forgotten {
  const record = findRecord(lock, name);
  // Forgetting a monitor the YAML still declares would make the next plan create it again beside the live one.
  if (declaredAt)
    throw new MonitorsError(
      'LOCK_FORGET_DECLARED',
      `${locationText(declaredAt)}: "${record.name}" is still declared here; forgetting its record would make the next apply create a second monitor`,
      {
        hint: 'To stop managing it and keep it live, replace the entry with a `removed:` entry (docs/lifecycle.md) and apply.',
      },
    );
  return { lock: { ...lock, monitors: lock.monitors.filter((r) => r !== record) }, record };
}

export function noLockFile(lockFile: string): MonitorsError {
  return new MonitorsError(
    'LOCK_NOT_FOUND',
    `there is no lock file at ${lockFile}: nothing has been applied from this set`,
    {
      hint: 'Check the path and the environment (--lock, --env, settings.lock_file); `monitors lock list` shows which lock file is read.',
    },
  );
}
