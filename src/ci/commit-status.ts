// What a run says as a status on the commit, for a provider with `publishStatus` (Bitbucket
// build status, Azure pull-request status, Gitea commit status): success or failure, and one
// line a reviewer reads beside it: the plan's summary, "No drift.", or why it failed. Pure.
import type { CiCommand } from './options.js';
import type { CommitStatus, PlanCounts } from './provider.js';

export interface RunOutcome {
  ok: boolean;
  changes: boolean;
  /** The plan's counts (plan, drift), when they could be read. */
  counts?: PlanCounts | undefined;
  /** Why the run counts as failed though it ran: "the check found a monitor down", "refused by policy". */
  failure?: string | undefined;
  /** The exit code of the run that failed. */
  code: number;
  /** With environments: the ones that failed. */
  failedIn?: string[];
}

export const planSummary = (c: PlanCounts) =>
  c.create + c.replace + c.delete === 0
    ? 'No changes.'
    : `Plan: ${c.create} to create, ${c.replace} to update, ${c.delete} to delete.`;

export function commitStatusOf(command: CiCommand, path: string, run: RunOutcome): CommitStatus {
  const where = run.failedIn && run.failedIn.length > 0 ? ` in ${run.failedIn.join(', ')}` : '';
  const failed = (why: string): CommitStatus => ({ path, command, state: 'failure', description: why });
  if (!run.ok) return failed(run.failure ?? `monitors ${command} failed${where} (exit ${run.code}); see the report.`);
  const summary = run.counts ? planSummary(run.counts) : undefined;
  if (run.failure) return failed(summary ? `${summary} ${run.failure}` : run.failure);
  const success = (description: string): CommitStatus => ({ path, command, state: 'success', description });
  switch (command) {
    case 'validate':
      return success('Valid.');
    case 'plan':
      return success(summary ?? (run.changes ? 'Changes planned.' : 'No changes.'));
    case 'apply':
      return success('Applied.');
    case 'drift':
      return run.changes
        ? failed(`Drift: ${summary ?? 'the live monitors differ from the YAML.'}`)
        : success('No drift.');
  }
}
