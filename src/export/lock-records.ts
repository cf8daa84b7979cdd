// The lock records export writes for what it adopts, fingerprinted as the planner will compare
// them.
import type { LockRecord, RecordedInput } from '../lock/types.js';
import { isTemplate } from '../model/env-references.js';
import { inputFingerprint } from '../plan/fingerprint.js';
import { recordOf } from '../plan/lock-record.js';
import { normalizeInput } from '../plan/normalize.js';
import type { ReadMonitor } from './read-live.js';

/** What a lock record keeps of an input: its fingerprint (secrets excluded), and optionally the rest of a record. */
export type FingerprintFn = (
  input: Record<string, unknown>,
) => Pick<RecordedInput, 'fingerprint'> & Partial<RecordedInput>;

/**
 * Exactly what the planner records for the same input loaded from the YAML export writes:
 * there a value holding `{env:` text is written escaped, which the loader reads as a
 * template (kept as a hash, not a value), and nothing comes from the environment.
 */
export const plannerFingerprint: FingerprintFn = (input) => {
  const canonical = normalizeInput(input);
  return recordOf({
    fingerprint: inputFingerprint(canonical),
    written: input,
    hashed: canonical,
    fromEnv: (field) => isTemplate(input[field]),
    secrets: {},
  });
};

/**
 * A lock record vouches for what is live only when the listing returned the stored input
 * (every required field) and export wrote it unchanged. Otherwise `fingerprint: null`: the next plan replaces the
 * monitor once as "not verifiable" instead of pretending it matches. A secret is never
 * readable, so no record carries a secret hash: the first plan re-sends it.
 */
export function lockRecordFor(monitor: ReadMonitor, fingerprint: FingerprintFn): LockRecord {
  const verified = monitor.defaulted.length === 0 && monitor.todo.length === 0;
  if (!verified) {
    // What export filled in without reading it: the plan marks these values while the YAML keeps them.
    const guessed = Object.fromEntries(monitor.defaulted.map((field) => [field, monitor.input[field]]));
    return {
      id: monitor.id,
      name: monitor.name,
      fingerprint: null,
      ...(monitor.defaulted.length > 0 ? { guessed } : {}),
    };
  }
  return { id: monitor.id, name: monitor.name, ...fingerprint(monitor.input) };
}
