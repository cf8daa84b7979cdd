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
  /**
   * The YAML file that defines the monitor, relative to the lock file's folder with `/`
   * separators: a plan over some of the set's files deletes only records of those files.
   * Absent in records written before it (such a record is deleted only by a whole-set plan).
   */
  file?: string;
}

export interface LockRecord extends Omit<RecordedInput, 'fingerprint'> {
  id: string;
  name: string;
  /**
   * Fingerprint of the last applied input (secrets excluded). null: adopted (e.g. by
   * export) without a verified input; the next plan replaces it once as "not verifiable".
   */
  fingerprint: string | null;
  /**
   * Values `export` wrote without reading them (the listing did not return the field): the
   * plan marks each as guessed while the YAML still holds it. Only in records without a
   * fingerprint; gone once the monitor is applied.
   */
  guessed?: Record<string, unknown>;
}

/**
 * A create an apply is about to send: written to the lock file before the first create of
 * the apply goes out, dropped once its outcome is known (recorded, or refused). A process
 * killed while the create was in flight leaves the entry behind, and the next plan asks the
 * listing whether the create took (src/plan/pending-creates.ts): a monitor the tool made is
 * never left unmanaged for want of its record.
 */
export interface PendingCreate {
  /** The name the create gives the monitor. */
  name: string;
  /** The create's Idempotency-Key (generation 0): which create of which plan this is. */
  key: string;
  /** When the entry was written (ISO 8601, the applying machine's clock): the create cannot have taken earlier. */
  since: string;
  /**
   * What a listing shows of the monitor the create makes (type, url, method, interval and
   * timeout as sent; a field filled from `${env:...}` is left out): a monitor of that name
   * that shows otherwise is not that create's. Absent: nothing to compare.
   */
  listed?: Record<string, unknown>;
}

/**
 * The workspace a lock belongs to (docs/lock-file.md): the account's id where the token may
 * read `GET /account`, and always the API's base URL. A plan against another stops before
 * it writes (src/plan/workspace-check.ts). Absent in locks written before it.
 */
export interface LockWorkspace {
  account_id?: string;
  api_url: string;
}

/** One rule of the policy in force at the last apply (docs/lock-file.md). */
export interface LockPolicyRule {
  /** The rule's fingerprint (a short hash of its canonical form, src/policy/compile.ts). */
  fingerprint: string;
  level: 'mandatory' | 'advisory';
  /** A short hash of each key but `id` and `level`: a plan says which changed. */
  parts: Record<string, string>;
}

/** The policy in force at the last apply: a plan shows what changed since (src/plan/policy-changes.ts). */
export interface LockPolicy {
  /** By rule id. */
  rules: Record<string, LockPolicyRule>;
}

export interface LockFile {
  format_version: typeof LOCK_FORMAT_VERSION;
  /** Random per lock file; salts the secret hashes. */
  salt: string;
  /** Which workspace the records are of; absent in locks written before it (recorded at the next apply). */
  workspace?: LockWorkspace;
  /**
   * The policy in force at the last apply; absent when none was (and in locks written
   * before it: every rule then shows as added until the next apply records it).
   */
  policy?: LockPolicy;
  /** Sorted by name, then id. */
  monitors: LockRecord[];
  /** Creates in flight (sorted by name, then key); absent when there are none, as in every lock file before them. */
  pending_creates?: PendingCreate[];
}
