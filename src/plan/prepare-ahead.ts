// What the assembly can make before the listing is in (assemble.ts): the secret hashes
// (scrypt, ~0.1 s each, on the thread pool) and each desired monitor's fingerprints, then the
// comparisons of each page of the listing as it arrives. None of it needs live data; made
// while the listing is read, it is not left to do after the last page.
import type { LockFile } from '../lock/types.js';
import type { DesiredMonitor, DesiredState } from '../model/monitor.js';
import { comparerFor, type PageComparer } from './compare-ahead.js';
import { templateValues } from './env-protect.js';
import { secretValuesOf, warmSecretHashes } from './fingerprint.js';
import { prepareAll, type PreparedDesired } from './prepare.js';

/** Prepares the desired side under the lock's salt, then hands the page comparer to the reads (`compareWith`). */
export async function prepareAhead(
  desired: DesiredState,
  lock: LockFile,
  compareWith: (compare: PageComparer) => Promise<void>,
): Promise<ReadonlyMap<DesiredMonitor, PreparedDesired>> {
  const toHash = desired.monitors.flatMap((d) => [
    ...secretValuesOf(d.input),
    ...templateValues(d.envRefs, (name) => d.envValues?.[name]),
  ]);
  await warmSecretHashes(toHash, lock.salt);
  const prepared = await prepareAll(desired.monitors, lock.salt);
  await compareWith(comparerFor(desired.monitors, prepared, lock));
  return prepared;
}
