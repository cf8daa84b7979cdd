// What a format can render: each command renders one of these subjects, and a format
// renders those it has a function for. A subject is plain data, already decided.
import type { ApplyResult } from '../../apply/types.js';
import type { CheckReport } from '../../check/types.js';
import type { CoverageReport, DiscoveryOutput } from '../../discover/report.js';
import type { FailureLocations } from '../../plan/failure-location.js';
import type { Plan } from '../../plan/types.js';
import type { StatusPage } from '../../status/page-data.js';
import type { StatusReport } from '../../status/types.js';
import type { WaitReport } from '../../wait/report.js';
import type { ValidationSummary } from '../diagnostics.js';
import type { EnvironmentEntry } from '../environments.js';
import type { LockListView, LockRecordView } from '../lock-text.js';
import type { Finding } from '../findings/types.js';
import type { PolicyRuleInfo } from '../findings/rules.js';
import type { ToolInfo } from '../sarif/render-sarif.js';
import type { EveryEnvironmentOutput } from '../every-environment/runs.js';

export interface ValidationOutput {
  summary: ValidationSummary;
  /** GitHub workflow commands of the diagnostics (empty outside Actions). */
  annotations: readonly string[];
  /** The diagnostics located from the repository root (code-scanning reports: SARIF, Code Quality). */
  findings: readonly Finding[];
  /** Who reports them (SARIF's tool.driver). */
  tool: ToolInfo;
  /** The set's policy rules: a violation's report rule is described by its rule's `description:`. */
  policyRules: readonly PolicyRuleInfo[];
}

/** The status report, and the status page's view of it (groups, tags, incident timeline). */
export interface StatusOutput {
  report: StatusReport;
  page: StatusPage;
}

/** The end of an apply or a destroy: what it did and, with --wait, what it followed. */
export interface ApplyOutput {
  result: ApplyResult;
  located: FailureLocations;
  wait: WaitReport | undefined;
  environment: string | undefined;
}

/** `discover k8s --check`: the routes no monitor covers, and the same as code-scanning findings. */
export interface CoverageOutput {
  report: CoverageReport;
  /** Each uncovered route located from the repository root (SARIF). */
  findings: readonly Finding[];
  tool: ToolInfo;
}

export interface Subjects {
  plan: Plan;
  apply: ApplyOutput;
  check: CheckReport;
  status: StatusOutput;
  validation: ValidationOutput;
  environments: readonly EnvironmentEntry[];
  /** `monitors lock list`. */
  lock: LockListView;
  /** `monitors lock show NAME`. */
  lockRecord: LockRecordView;
  /** `monitors discover k8s`: the monitors derived from manifests. */
  discovery: DiscoveryOutput;
  /** `monitors discover k8s --check`. */
  coverage: CoverageOutput;
  /** `--env all`: every environment's run of a command, combined into one answer. */
  everyEnvironment: EveryEnvironmentOutput;
}

export type Subject = keyof Subjects;

/** What a renderer may know about where its text goes. */
export interface RenderContext {
  /** Colour is decided by the caller (a terminal, NO_COLOR), never by a renderer. */
  color: boolean;
}

// A renderer may load its module when first used: a command then loads only what it prints.
export type Renderer<S extends Subject> = (data: Subjects[S], context: RenderContext) => string | Promise<string>;

export interface OutputFormat<Name extends string = string> {
  readonly name: Name;
  /** One line for --help, after the name. */
  readonly description: string;
  /** A pure function per subject the format renders; a subject left out is not offered. */
  readonly renders: { readonly [S in Subject]?: Renderer<S> };
}
