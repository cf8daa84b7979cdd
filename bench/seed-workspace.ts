// Puts a corpus on the simulator as if it had been applied, in seconds instead of one
// create per monitor: the monitors go in through the admin API (bulk, no rate limit), and
// the lock file gets the records apply would have written (the planner's own fingerprints
// of each monitor under a fresh salt). A plan afterwards finds every monitor unchanged.
import { loadDesiredState } from '../src/load/index.js';
import { newLockFile, writeLockFileAtomic } from '../src/lock/lock-file.js';
import type { LockRecord } from '../src/lock/types.js';
import type { DesiredMonitor } from '../src/model/monitor.js';
import { lockRecordOf, prepareDesired } from '../src/plan/prepare.js';
import { seedMonitors } from '../tests/helpers/sim-admin.js';

const BATCH = 5_000;

export async function seedWorkspace(
  monitorsDir: string,
  env: Record<string, string>,
  adminUrl: string,
  lockPath: string,
): Promise<number> {
  const { state, diagnostics } = await loadDesiredState([monitorsDir], { env });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    throw new Error(`the corpus does not load: ${errors[0]!.file}:${errors[0]!.line} ${errors[0]!.message}`);
  const lock = newLockFile();
  for (let start = 0; start < state.monitors.length; start += BATCH) {
    const batch = state.monitors.slice(start, start + BATCH);
    const ids = await seedMonitors(
      adminUrl,
      batch.map((d) => d.input as Record<string, unknown>),
    );
    batch.forEach((d, i) => lock.monitors.push(recordOf(d, ids[i]!, lock.salt)));
  }
  await writeLockFileAtomic(lockPath, lock);
  return state.monitors.length;
}

/** The record an apply of this monitor writes (its change's lock_record, with id and name). */
function recordOf(d: DesiredMonitor, id: string, salt: string): LockRecord {
  return { id, name: d.name, ...lockRecordOf(prepareDesired(d, salt)) };
}
