// Lock files for the language server's tests, written from the planner's own records
// (lockRecordOf, as apply writes them) for the workspace fixture's monitors, in each
// environment: the records say what was "last applied", so the tests can tell what apply
// would do from the YAML and the lock alone.
import path from 'node:path';
import { loadDesiredState } from '../../src/load/index.js';
import { newLockFile, writeLockFileAtomic } from '../../src/lock/lock-file.js';
import type { DesiredMonitor } from '../../src/model/monitor.js';
import { lockRecordOf, prepareDesired } from '../../src/plan/prepare.js';

/** For each environment, the monitors to record: by name, optionally as applied under another name or with other input. */
export type Applied = Record<string, { name: string; as?: string; input?: Record<string, unknown> }[]>;

/** `env`: the variables apply ran with (the records keep salted hashes of the secrets they fill). */
export async function writeLocks(dir: string, applied: Applied, env: Record<string, string> = {}): Promise<void> {
  const loaded = await loadDesiredState([], { env, cwd: dir, missingEnv: 'warning' });
  for (const { name, state } of loaded.environments) {
    const lock = newLockFile();
    let n = 0;
    for (const wanted of applied[name!] ?? []) {
      const d = state.monitors.find((m) => m.name === wanted.name);
      if (!d) throw new Error(`no monitor ${wanted.name} in ${name}`);
      const input = { ...d.input, ...wanted.input } as DesiredMonitor['input'];
      const as = wanted.as ?? d.name;
      const record = lockRecordOf(prepareDesired({ ...d, name: as, input: { ...input, name: as } }, lock.salt));
      lock.monitors.push({ id: `mon_${name}_${(n += 1)}`, name: as, ...record });
    }
    await writeLockFileAtomic(path.join(dir, `monitors.${name}.lock.json`), lock);
  }
}
