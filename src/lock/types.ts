// The lock file: committed beside the YAML, stable sorted JSON, one record per managed
// monitor. It is how the planner sees changes to fields the listing cannot return.

export const LOCK_FORMAT_VERSION = 1;

export interface LockRecord {
  id: string;
  name: string;
  /**
   * Fingerprint of the last applied input (secrets excluded). null: adopted (e.g. by
   * export) without a verified input; the next plan replaces it once as "not verifiable".
   */
  fingerprint: string | null;
  /** Short per-field hashes of the last applied input, so a plan can name which hidden field changed. */
  fields?: Record<string, string>;
  /** Secret field -> salted, deliberately slow hash (scrypt) of the last applied value. */
  secrets?: Record<string, string>;
}

export interface LockFile {
  format_version: typeof LOCK_FORMAT_VERSION;
  /** Random per lock file; salts the secret hashes. */
  salt: string;
  /** Sorted by name, then id. */
  monitors: LockRecord[];
}
