import type { LockRecord } from '../lock/types.js';
import { fieldHashes, inputFingerprint } from '../plan/fingerprint.js';
import { normalizeInput } from '../plan/normalize.js';
import type { ReadMonitor } from './read-live.js';

/** A fingerprint of an input (secrets excluded), with optional per-field hashes. */
export type FingerprintFn = (input: Record<string, unknown>) => {
  fingerprint: string;
  fields?: Record<string, string>;
};

/** Exactly what the planner computes for the same input loaded from the YAML. */
export const plannerFingerprint: FingerprintFn = (input) => {
  const canonical = normalizeInput(input);
  return { fingerprint: inputFingerprint(canonical), fields: fieldHashes(canonical) };
};

/**
 * A lock record vouches for what is live only when the listing returned the stored input
 * (every required field) and export wrote it unchanged. Otherwise `fingerprint: null`: the next plan replaces the
 * monitor once as "not verifiable" instead of pretending it matches. A secret is never
 * readable, so no record carries a secret hash: the first plan re-sends it.
 */
export function lockRecordFor(monitor: ReadMonitor, fingerprint: FingerprintFn): LockRecord {
  const verified = monitor.defaulted.length === 0 && monitor.todo.length === 0;
  if (!verified) return { id: monitor.id, name: monitor.name, fingerprint: null };
  const computed = fingerprint(monitor.input);
  return {
    id: monitor.id,
    name: monitor.name,
    fingerprint: computed.fingerprint,
    ...(computed.fields ? { fields: computed.fields } : {}),
  };
}
