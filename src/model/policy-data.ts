// What the loader hands the planner of the set's `policy:`: plain data (it crosses from the
// worker thread, and a plan is plain data), the rules of one environment and where they are
// written. src/policy/ compiles the rules; this is only their description.
export type PolicyLevel = 'mandatory' | 'advisory';
export type DeniableChange = 'create' | 'replace' | 'delete';

/** One rule of `policy:`, as declared (the kinds it has, not how they are checked). */
export interface PolicyRuleData {
  id: string;
  level: PolicyLevel;
  description?: string;
  /** `deny:`: the kinds of change the rule refuses in a plan. */
  deny?: DeniableChange[];
  /** `where:` of a deny rule: the monitor types (absent: any). */
  whereTypes?: string[];
  /** `where:` of a deny rule: name globs (absent: any). */
  whereNames?: string[];
  /** A short hash of the rule as written: a plan names the rules changed since the last apply. */
  fingerprint: string;
  /**
   * A short hash of each key of the rule as written but `id` and `level` (`require`, `where`,
   * `environments`, `schema`, `deny`, `description`): a plan says which of them changed.
   * Absent in rules made before it (a change is then shown without its parts).
   */
  parts?: Record<string, string>;
}

/** The set's policy in one environment: the rules that apply there, and where `policy:` is. */
export interface DesiredPolicy {
  /** Where `policy:` is written (a SourcePos; spelled out, since monitor.ts imports this file). */
  source: { file: string; line: number; col: number };
  rules: PolicyRuleData[];
}

/** A `policy_exceptions` entry that spared a monitor a violation. */
export interface PolicyExceptionUsed {
  id: string;
  reason: string;
  /** Where the exception is written: the monitor's entry, the file's defaults, or a `deleted:` entry (a reviewed delete). */
  from: 'entry' | 'defaults' | 'deleted';
}
