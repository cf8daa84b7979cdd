// The Plan is plain data (like Terraform's internal/plans): computed by the pure planner,
// rendered by the renderers, executed by apply. Its JSON form is versioned (format_version).
import type { CreateSettled } from '../lock/pending-creates.js';
import type { RecordedInput } from '../lock/types.js';

export const PLAN_FORMAT_VERSION = 1;

/** A forget sends nothing: apply drops the monitor's lock record, and the monitor stays live, unmanaged. */
export type ChangeAction = 'create' | 'replace' | 'delete' | 'forget';

export type ChangeReason =
  | 'new' // in the YAML, not on the server
  | 'drift' // a field the server returns differs from the YAML
  | 'changed_since_apply' // the YAML changed since the last apply (lock fingerprint)
  | 'not_verifiable' // live monitor with no lock record: fields the listing hides cannot be compared
  | 'renamed' // a `moved` entry: PUT on the same id under the new name
  | 'removed' // managed, left the YAML
  | 'forgotten' // a `removed:` entry: the lock record goes, nothing is sent (forget)
  | 'forced' // `--replace`: sent again although nothing differs
  | 'destroy'; // `monitors destroy`: every monitor the lock file manages is deleted

/**
 * Where a replace's old value comes from: the listing (`server`, which wins for the fields
 * it returns), the lock record's kept value (`lock`); or why it is not known: the record was
 * written before values were kept (`not_recorded`, until the next apply), or the old value
 * came from `${env:...}` and only its hash was kept (`environment`).
 */
export type OldSource = 'server' | 'lock' | 'not_recorded' | 'environment' | 'not_readable';

export interface FieldChange {
  field: string;
  /** The old value when known (from the listing or the lock record); absent when not. */
  old?: unknown;
  new?: unknown;
  /** False when the old value is not known (see oldSource for why). */
  oldKnown: boolean;
  /** Replaces: where `old` comes from, or why it is not known. Absent in plans saved by earlier versions. */
  oldSource?: OldSource;
  /** Secrets: values are never in the plan; renderers print "(sensitive value changed)". */
  sensitive?: boolean;
  /** The YAML leaves the field out: the full replacement sets the server's default (`new` is null). */
  serverDefault?: boolean;
  /** `export` wrote this value without reading it, and the YAML still holds it: check it. */
  guessed?: boolean;
}

export interface PlannedChange {
  action: ChangeAction;
  name: string;
  /** Live id; null for creates. */
  id: string | null;
  /** For renames: the live name before. */
  previous_name?: string;
  reason: ChangeReason;
  /** One sentence for people; apply never reads it. */
  reason_text: string;
  fields: FieldChange[];
  /**
   * Body to send (create/replace), with `${env:NAME}` templates in place of values that came
   * from the environment, so a plan never holds a secret. Apply resolves them at send time.
   */
  body?: Record<string, unknown>;
  /** Fingerprint of the resolved body (secrets through their salted hash); keys derive from it. */
  body_fingerprint?: string;
  /**
   * Replaces: the live monitor's `updated_at` when planned. Part of the key, so a replace
   * whose body equals one sent in an earlier apply (a change reverted, A -> B -> A -> B)
   * gets a new key instead of the earlier key's stored response, which would leave the
   * server unchanged while the lock records the change.
   */
  live_updated_at?: string;
  /** What the lock file records after this change succeeds. */
  lock_record?: RecordedInput;
  /**
   * `--replace`: drawn afresh for each plan and part of the key, so that a forced write is
   * never answered with the stored response of an earlier write of the same body.
   */
  force_token?: string;
  /** Idempotency key of generation 0; later generations come from keyForGeneration(). Absent for forgets (nothing is sent). */
  idempotency_key?: string;
  /** Context marks, e.g. an open incident on the monitor. */
  notes?: string[];
  /** Creates and replaces: where the monitor is written (a generated one: its template, and which instance), so a server's refusal can point there. */
  source?: ChangeSource;
}

/**
 * Where a desired monitor is written. Enough to find one of its fields again when the
 * server refuses it (also from a saved plan, in another process): the file, the entry's
 * index and position, and which fields it takes from the file's `defaults:`.
 */
export interface ChangeSource {
  /** As shown to the user: relative to the working folder the plan was made in. */
  file: string;
  line: number;
  col: number;
  /** The entry's index in the file's `monitors:` list (a template's, for a generated monitor). */
  index?: number;
  /** Fields the entry does not write itself but takes from `defaults:`. */
  from_defaults?: string[];
  /** For a monitor made by a for_each: `region=us-east, check=health`. */
  instance?: string;
}

export interface PlanSummary {
  create: number;
  replace: number;
  delete: number;
  /** Lock records dropped by `removed:` entries; present only when there are some. */
  forget?: number;
  unchanged: number;
  /** With --target: the changes left out of the plan; present only then. */
  not_targeted?: number;
  /** With files named: the changes of the set's other files, left out; present only then. */
  outside_files?: number;
}

/** A change a --target plan leaves out: listed, not carried out, its lock record untouched. */
export interface NotTargeted {
  action: ChangeAction;
  name: string;
  id: string | null;
  reason: ChangeReason;
}

export interface Plan {
  format_version: typeof PLAN_FORMAT_VERSION;
  /** `destroy`: the plan of `monitors destroy` (every managed monitor deleted); absent for a plan of the YAML. */
  intent?: 'destroy';
  /** The environment planned (settings.environments), when the set declares them. */
  environment?: string;
  summary: PlanSummary;
  /** Deterministic order: creates, replaces, deletes, forgets; each by name. */
  changes: PlannedChange[];
  /** `--target` patterns, as given: the plan is partial. Absent for a whole plan. */
  targets?: string[];
  /** With targets: the changes left out, in the order of `changes`. */
  not_targeted?: NotTargeted[];
  /** The files named, when a plan covers some of the set's files (shown as given): the plan is partial. */
  files?: string[];
  /** With files: the changes of the set's other files, left out and their records untouched. */
  outside_files?: NotTargeted[];
  /** Live monitors the tool does not manage: listed, never deleted. */
  unmanaged: { id: string; name: string }[];
  /** Hash of the live listing the plan was computed from; a saved plan is stale when it differs. */
  live_fingerprint: string;
  /** Lock records whose monitor no longer exists live: apply drops them from the lock. */
  stale_lock_ids?: string[];
  /**
   * The lock's creates in flight (left by an apply that was interrupted or never heard
   * back) that this plan settled from the listing: apply drops each entry, and first records
   * the live monitor `id` names (fingerprint null), the one that create made. Absent when none.
   */
  pending_creates?: CreateSettled[];
  /** Replaces of monitors nobody can read (not verifiable): how many, and the fields whose old value is not readable. */
  overwrites_unread?: { monitors: number; fields: string[] };
  warnings: string[];
  notes: string[];
  /** What the set's `policy:` says of this plan (policy-section.ts); absent when the set declares none and no exception is used. */
  policy?: PlanPolicy;
}

/** A policy violation or warning the loader found, where to fix it. */
export interface PolicyFinding {
  rule: string;
  file: string;
  line: number;
  col: number;
  message: string;
}

/** A change a `deny` rule refuses. */
export interface PolicyDenial {
  rule: string;
  /** mandatory: the change is refused (the plan stops); advisory: a warning. */
  level: 'mandatory' | 'advisory';
  action: ChangeAction;
  name: string;
  id: string | null;
  message: string;
}

/** A `policy_exceptions` entry that spared a monitor a violation: listed for review. */
export interface PolicyExceptionEntry {
  rule: string;
  monitor: string;
  reason: string;
  /** Where the monitor is written (a generated one: its template, and `instance`). */
  file: string;
  line: number;
  col: number;
  instance?: string;
  /** The exception is written in the entry, or in its file's defaults. */
  from: 'entry' | 'defaults' | 'deleted';
}

/** A rule of `policy:` added, removed or changed since the last apply (src/plan/policy-changes.ts). */
export interface PolicyRuleChange {
  rule: string;
  action: 'add' | 'remove' | 'change';
  /** The level now; for a removed rule, the level it had. */
  level: 'mandatory' | 'advisory';
  /** A changed rule whose level changed: the level at the last apply. */
  previous_level?: 'mandatory' | 'advisory';
  /** A changed rule: the keys that changed besides the level (require, where, environments, schema, deny, description), sorted. */
  changed?: string[];
}

export interface PlanPolicy {
  /** Where `policy:` is written; absent when the set declares none (an exception can still be listed). */
  source?: { file: string; line: number; col: number };
  /**
   * The rules in force in this plan's environment; `parts` (a short hash per key of the
   * rule but id and level) is what apply records in the lock (absent in older saved plans).
   */
  rules: { id: string; level: 'mandatory' | 'advisory'; fingerprint: string; parts?: Record<string, string> }[];
  /**
   * The rules added, removed or changed since the policy the lock records (the one in force
   * at the last apply); empty when none. Absent in saved plans made before it.
   */
  changes?: PolicyRuleChange[];
  /** True when a mandatory violation or a change a mandatory deny rule names stops the plan (PLAN_POLICY). */
  refused: boolean;
  violations: PolicyFinding[];
  warnings: PolicyFinding[];
  denied: PolicyDenial[];
  exceptions: PolicyExceptionEntry[];
}
