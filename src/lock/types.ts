// The lock file: committed beside the YAML, stable sorted JSON, one record per managed
// monitor. It is how the planner sees changes to fields the listing cannot return.

export const LOCK_FORMAT_VERSION = 1;

/**
 * What a record keeps of the input last applied (src/plan/lock-record.ts decides it; apply
 * adds the id and the name).
 */
export interface RecordedInput {
  /** Fingerprint of the canonical input (secrets excluded): what decides whether anything changed. */
  fingerprint: string;
  /**
   * Each field as last written (the body's value after defaults and references), except
   * secrets and fields filled from `${env:...}`. Absent in records written before values
   * were kept: their old values are "not recorded".
   */
  values?: Record<string, unknown>;
  /**
   * Short per-field hashes. In a record with `values`, only of the fields filled from
   * `${env:...}` (a stored value is hashed when needed); before, of every field.
   */
  fields?: Record<string, string>;
  /** Secret field -> salted, deliberately slow hash (scrypt) of the last applied value. */
  secrets?: Record<string, string>;
}

export interface LockRecord extends Omit<RecordedInput, 'fingerprint'> {
  id: string;
  name: string;
  /**
   * Fingerprint of the last applied input (secrets excluded). null: adopted (e.g. by
   * export) without a verified input; the next plan replaces it once as "not verifiable".
   */
  fingerprint: string | null;
}

export interface LockFile {
  format_version: typeof LOCK_FORMAT_VERSION;
  /** Random per lock file; salts the secret hashes. */
  salt: string;
  /** Sorted by name, then id. */
  monitors: LockRecord[];
}
