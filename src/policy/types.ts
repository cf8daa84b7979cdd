// The compiled form of `policy:` rules: what the loader checks each monitor against. Made
// once per load by compile.ts; pure checks, no I/O.
import type { DeniableChange, PolicyLevel } from '../model/policy-data.js';

/** A path into the file declaring the policy (['policy', 2, 'require', 'tags', 0]). */
export type RulePath = (string | number)[];

/** A rule that is itself wrong: reported at its own line. */
export interface RuleProblem {
  path: RulePath;
  code: string;
  message: string;
}

/** What is wrong with one monitor: the field at fault (undefined: the field is missing), and why. */
export interface Finding {
  field: string | undefined;
  message: string;
}

/** The monitor as rules read it: its input after defaults and references, and its labels. */
export interface PolicySubject {
  input: Readonly<Record<string, unknown>>;
  /** The labels of `tags` (comma-separated, trimmed), made once per monitor. */
  labels: readonly string[];
}

/** One check of a rule over a monitor: a `require:` key, or the `schema:`. */
export type Requirement = (subject: PolicySubject) => Finding[];

export interface CompiledRule {
  id: string;
  level: PolicyLevel;
  description: string | undefined;
  /** Only in these environments (absent: every one). */
  environments: readonly string[] | undefined;
  /** Which monitors the rule reads (absent: every one). */
  where: ((subject: PolicySubject) => boolean) | undefined;
  /** The monitor checks (require: and schema:); empty for a pure deny rule. */
  requirements: Requirement[];
  deny: DeniableChange[] | undefined;
}

/** A violation of one rule by one monitor. */
export interface Violation {
  rule: CompiledRule;
  finding: Finding;
}

/** Compiles a `schema:` rule's JSON Schema: a check, or why it does not compile. */
/** A user's regular expression made ready to run in linear time (src/policy/linear-regex.ts), or why it cannot be. */
export type RegexCompiler = (source: string) => { test: (text: string) => boolean } | { error: string };

export type SchemaCompiler = (
  schema: Record<string, unknown>,
) =>
  | { validate: (value: unknown) => Finding[] }
  | { error: string; /** The pattern RE2 cannot run, when that is why. */ pattern?: string };
