// What differs between the CIs `monitors ci` runs in: how the log marks errors and groups,
// where the report and the outputs go, how a plan reaches the pull or merge request, how
// drift is tracked, and what the CLI runs need in their environment. One implementation per
// CI: github.ts, gitlab.ts, plain.ts, named in provider-names.ts and loaded by
// load-provider.ts; run-ci.ts holds what they share.
import type { ProviderName } from './provider-names.js';

/** The outputs of a run (GitHub: step outputs; elsewhere: outputs.env). */
export interface CiOutputs {
  changes: boolean;
  exitCode: number;
  /** With environments: the lock file of each environment run. */
  lockFiles?: string[];
}

export interface PlanToPublish {
  path: string;
  markdown: string;
}

export interface DriftToTrack {
  path: string;
  label: string;
  /** The plan's Markdown (every environment's, with environments). */
  planMarkdown: string;
  drift: boolean;
}

/** A report a CI reads by itself (machine-reports.ts). */
export type MachineReport = 'sarif' | 'codequality' | 'junit';

export interface CiProvider {
  readonly name: ProviderName;
  /** What a change under review is called here: "pull request", "merge request". */
  readonly changeName: string;
  /** A line the CI shows as an error or a warning. */
  error(message: string): void;
  warning(message: string): void;
  info(message: string): void;
  /** A collapsible part of the log (one environment's run). */
  group(title: string): void;
  endGroup(): void;
  /** Variables taken out of the CLI runs' environment (the CI's own token). */
  readonly secretNames: readonly string[];
  /** Variables added to the CLI runs' environment when the lock record is kept on a branch (who commits, how git pushes). */
  lockBranchEnv(env: NodeJS.ProcessEnv): Record<string, string>;
  /** The run's report: the job summary, or a file. */
  writeReport(markdown: string, counts?: PlanCounts): void;
  writeOutputs(outputs: CiOutputs): void;
  /** The machine reports this CI reads (GitHub: SARIF; GitLab: Code Quality and JUnit). */
  readonly machineReports: readonly MachineReport[];
  /** Writes one into the report folder, where the workflow's upload step or artifacts:reports find it. */
  writeMachineReport(kind: MachineReport, file: string, content: string): void;
  /** A plan: post or update the one comment of the pull/merge request. false: the job must fail. */
  publishPlan(plan: PlanToPublish): Promise<boolean>;
  /**
   * The plan's summary as a status on the commit or pull request, so that branch rules can
   * require it (Bitbucket build status, Azure pull-request status, Gitea commit status).
   * Absent where the host has none (or the CI sets it itself).
   */
  publishStatus?(status: CommitStatus): Promise<void>;
  /** Validate's and the policy's findings placed where the host shows them on the diff (Bitbucket Code Insights). */
  publishFindings?(findings: FindingsToPublish): Promise<void>;
  /** Drift: open, update or close the one issue. Returns the job's exit code (0, 1; 2: drift found where no issue can hold it). */
  trackDrift(drift: DriftToTrack): Promise<number>;
}

export interface PlanCounts {
  create: number;
  replace: number;
  delete: number;
}

/** What a commit status says: the command, its outcome and the plan's summary. */
export interface CommitStatus {
  /** The path (and environment) the run was for: one status per path, like the comment. */
  path: string;
  command: 'validate' | 'plan' | 'apply' | 'drift';
  state: 'success' | 'failure';
  /** One line: "Plan: 1 to create, 0 to update, 0 to delete." or why it failed. */
  description: string;
}

/** Findings in the SARIF that validate writes (the report folder's file), for a host that annotates the diff. */
export interface FindingsToPublish {
  path: string;
  sarif: string;
}
