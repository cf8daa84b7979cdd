// Gitea Actions and Forgejo Actions (one implementation, two names): GitHub-compatible jobs
// (the GITHUB_* variables and the event file, `::error::` and `::group::` lines, step outputs),
// with the report in files (neither shows a job summary), ONE comment per path on the pull
// request edited on every push, a commit status with the plan's summary on the pull request's
// head commit, and ONE issue per path while the live monitors drift (where the repository's
// issues are on). Validate's findings show in the comment only: neither host annotates a diff
// from a CI. The API is {server}/api/v1 (MONITORS_CI_API_URL overrides it); the token is the
// job's (GITEA_TOKEN / FORGEJO_TOKEN, or GITHUB_TOKEN), passed to the step by the workflow.
import { appendFileSync, readFileSync } from 'node:fs';
import {
  closeDrift,
  issuesEnabled,
  postStatus,
  reportDrift,
  upsertComment,
  type DriftTarget,
  type GiteaRepo,
} from './gitea-api.js';
import { hostApiBase, hostToken } from './host-overrides.js';
import { driftIssueLine, planMarker } from './markers.js';
import type { CiOptions } from './options.js';
import type { CiProvider, CommitStatus, DriftToTrack, PlanToPublish } from './provider.js';
import { reportFiles } from './report-files.js';
import { workflowCommandLog } from './workflow-commands.js';

export type GiteaFlavour = 'gitea' | 'forgejo';

const HOST_NAME: Record<GiteaFlavour, string> = { gitea: 'Gitea', forgejo: 'Forgejo' };
/** The job token's names: the host's own first, then the GitHub-compatible alias. */
export const TOKEN_VARIABLES: Record<GiteaFlavour, readonly string[]> = {
  gitea: ['GITEA_TOKEN', 'GITHUB_TOKEN'],
  forgejo: ['FORGEJO_TOKEN', 'GITEA_TOKEN', 'GITHUB_TOKEN'],
};
/** A commit status's description is one short line (GitHub's limit; Gitea's web view cuts it too). */
const STATUS_DESCRIPTION_MAX = 140;

interface PullRequestEvent {
  number: number;
  headSha?: string;
}

/** The pull request of the triggering event (pull_request, pull_request_target), or undefined. */
export function pullRequestOf(eventPath: string | undefined): PullRequestEvent | undefined {
  if (!eventPath) return undefined;
  let event: { pull_request?: { number?: number; head?: { sha?: string } } };
  try {
    event = JSON.parse(readFileSync(eventPath, 'utf8')) as typeof event;
  } catch {
    return undefined;
  }
  const number = event.pull_request?.number;
  if (typeof number !== 'number') return undefined;
  const headSha = event.pull_request?.head?.sha;
  return { number, ...(headSha ? { headSha } : {}) };
}

/** The server's URL: the host's own variable, else the GitHub-compatible one. */
function serverUrl(flavour: GiteaFlavour, env: NodeJS.ProcessEnv): string | undefined {
  const own = flavour === 'forgejo' ? env.FORGEJO_SERVER_URL : env.GITEA_SERVER_URL;
  return (own || env.GITHUB_SERVER_URL)?.replace(/\/+$/, '');
}

export function giteaProvider(flavour: GiteaFlavour, env: NodeJS.ProcessEnv, options: CiOptions): CiProvider {
  const files = reportFiles(options.reportDir);
  const print = (line: string) => void process.stdout.write(`${line}\n`);
  const host = HOST_NAME[flavour];
  const server = serverUrl(flavour, env);
  const apiUrl = hostApiBase(env, server ? `${server}/api/v1` : undefined);
  const token = hostToken(env, TOKEN_VARIABLES[flavour]);
  const repo = env.GITHUB_REPOSITORY ?? '';
  const whereFull = `the job log and ${files.reportPath}`;
  // Gitea and Forgejo address a run by its number in the repository.
  const runNumber = env.GITHUB_RUN_NUMBER ?? env.GITHUB_RUN_ID;
  const runUrl = server && repo && runNumber ? `${server}/${repo}/actions/runs/${runNumber}` : undefined;
  const pullRequest = pullRequestOf(env.GITHUB_EVENT_PATH);
  const tokenNames = TOKEN_VARIABLES[flavour].join(' or ');
  const target = (): GiteaRepo | string => {
    if (!apiUrl) return `no ${host} server URL (GITHUB_SERVER_URL, or MONITORS_CI_API_URL)`;
    if (!token)
      return `no token: pass the job's token to the step as ${TOKEN_VARIABLES[flavour][0]} (env: ${TOKEN_VARIABLES[flavour][0]}: \${{ secrets.${TOKEN_VARIABLES[flavour][0]} }}), or set MONITORS_CI_TOKEN`;
    return { apiUrl, token: token.token, tokenVariable: token.variable, repo, host };
  };
  const output = (text: string) => {
    if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, text);
  };
  const identity = flavour === 'forgejo' ? 'forgejo-actions' : 'gitea-actions';
  const email = `${identity}@noreply.${server && URL.canParse(server) ? new URL(server).hostname : 'localhost'}`;
  return {
    name: flavour,
    changeName: 'pull request',
    ...workflowCommandLog(print),
    secretNames: [...TOKEN_VARIABLES[flavour], 'MONITORS_CI_TOKEN'],
    // The checkout step keeps the job token for git (as actions/checkout does on GitHub); the commits are the bot's.
    lockBranchEnv: () => ({
      GIT_AUTHOR_NAME: identity,
      GIT_AUTHOR_EMAIL: email,
      GIT_COMMITTER_NAME: identity,
      GIT_COMMITTER_EMAIL: email,
    }),
    writeReport(markdown, counts) {
      files.writeReport(markdown, counts);
      print(`monitors: the report is in ${files.reportPath}.`);
    },
    writeOutputs(outputs) {
      files.writeOutputs(outputs);
      const lockFiles = outputs.lockFiles ? `lock-files=${outputs.lockFiles.join(' ')}\n` : '';
      output(`changes=${outputs.changes}\nexit-code=${outputs.exitCode}\n${lockFiles}`);
    },
    // Neither host reads SARIF, Code Quality or JUnit from a job: the findings are in the comment.
    machineReports: [],
    writeMachineReport: () => undefined,
    async publishPlan(plan: PlanToPublish) {
      if (!pullRequest) return (print('monitors: not a pull request; no plan comment.'), true);
      const where = target();
      if (typeof where === 'string') {
        print(`::warning::The plan comment was not posted: ${where}. The plan is in ${files.reportPath}.`);
        return true;
      }
      try {
        const result = await upsertComment({
          ...where,
          index: pullRequest.number,
          marker: planMarker(plan.path),
          markdown: plan.markdown,
          whereFull,
        });
        print(`monitors: plan comment ${result.action}${result.url ? ` (${result.url})` : ''}.`);
      } catch (error) {
        // A read-only token (a pull request from a fork) cannot comment: the plan is in the
        // report, and the step's result stays the plan's.
        print(
          `::warning::The plan comment was not posted: ${(error as Error).message}. The plan is in ${files.reportPath}.`,
        );
      }
      return true;
    },
    async publishStatus(status: CommitStatus) {
      // On a pull request, the head commit: the one branch protection's required checks look at.
      const sha = pullRequest?.headSha ?? env.GITHUB_SHA;
      const where = target();
      if (!sha || typeof where === 'string') {
        print(`::warning::No commit status was set: ${typeof where === 'string' ? where : 'no commit (GITHUB_SHA)'}.`);
        return;
      }
      const context = `monitors/${status.command}${status.path === '.' ? '' : ` (${status.path})`}`;
      try {
        await postStatus(where, {
          sha,
          state: status.state,
          context,
          description: oneLine(status.description, STATUS_DESCRIPTION_MAX),
          ...(runUrl ? { targetUrl: runUrl } : {}),
        });
        print(`monitors: commit status ${context} set to ${status.state} on ${sha.slice(0, 12)}.`);
      } catch (error) {
        print(`::warning::The commit status was not set: ${(error as Error).message}.`);
      }
    },
    async trackDrift(drift: DriftToTrack) {
      const where = target();
      try {
        if (typeof where === 'string') throw new Error(where);
        const driftTarget: DriftTarget = {
          ...where,
          path: drift.path,
          label: drift.label,
          whereFull,
          ...(runUrl ? { runUrl } : {}),
        };
        if (!(await issuesEnabled(where))) {
          if (!drift.drift) return (print(`monitors: no drift: the live monitors match ${drift.path}.`), 0);
          print(
            `::error::The live monitors drift from ${drift.path}. The repository's issues are off, so no issue holds it: the plan is in ${files.reportPath} (exit 2).`,
          );
          return 2;
        }
        const result = drift.drift
          ? await reportDrift({ ...driftTarget, planMarkdown: drift.planMarkdown })
          : await closeDrift(driftTarget);
        print(driftIssueLine(result));
        if (result.action !== 'none') {
          output(`issue=${result.number}\n`);
          files.addOutput('MONITORS_DRIFT_ISSUE', String(result.number));
        }
        return 0;
      } catch (error) {
        const what = drift.drift ? 'opened or updated' : 'closed';
        print(
          `::error::The drift issue could not be ${what}: ${(error as Error).message}. The plan is in ${files.reportPath}; the job's token (${tokenNames}) needs \`permissions: issues: write\`.`,
        );
        return 1;
      }
    },
  };
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
