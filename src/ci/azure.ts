// Azure Pipelines with Azure Repos: `##vso[...]` logging commands, the report in files (shown
// on the run's Extensions tab through task.uploadsummary), ONE pull-request thread per path
// holding the plan (its one comment edited on every push), the plan's summary as a
// pull-request status (a commit status outside pull requests), and the check's JUnit for the
// pipeline's PublishTestResults task. Drift has no issue here: the report, the failed status
// and the run's exit 2 say it (Azure Boards work items: docs/ci.md says why not). The API is
// the collection's (SYSTEM_COLLECTIONURI; MONITORS_CI_API_URL overrides it) with the job's
// SYSTEM_ACCESSTOKEN, which a YAML pipeline must map into the step's environment.
import { resolve } from 'node:path';
import {
  postCommitStatus,
  postPullRequestStatus,
  upsertThread,
  type AzureRepo,
  type AzureStatus,
} from './azure-api.js';
import { hostApiBase, hostToken } from './host-overrides.js';
import { planMarker } from './markers.js';
import type { CiOptions } from './options.js';
import type { CiProvider, CommitStatus, DriftToTrack, PlanToPublish } from './provider.js';
import { reportFiles } from './report-files.js';

export const AZURE_TOKEN_VARIABLE = 'SYSTEM_ACCESSTOKEN';
/** A status's description is one line in the pull request's status list. */
const STATUS_DESCRIPTION_MAX = 200;

/** A `##vso[...]` command's message: its own line, without what would end or open another command. */
const escapeMessage = (text: string) => text.replace(/%/g, '%AZP25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** git's credentials for the lock branch: the job token as a header for this collection's host (never on a command line). */
function gitAuthEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const token = env[AZURE_TOKEN_VARIABLE];
  const collection = env.SYSTEM_COLLECTIONURI;
  if (!token || !collection || !URL.canParse(collection)) return {};
  const n = Number.parseInt(env.GIT_CONFIG_COUNT ?? '0', 10) || 0;
  return {
    GIT_CONFIG_COUNT: String(n + 1),
    [`GIT_CONFIG_KEY_${n}`]: `http.${new URL(collection).origin}/.extraheader`,
    [`GIT_CONFIG_VALUE_${n}`]: `AUTHORIZATION: bearer ${token}`,
  };
}

function identity(env: NodeJS.ProcessEnv): Record<string, string> {
  const name = env.BUILD_REQUESTEDFOR;
  const email = env.BUILD_REQUESTEDFOREMAIL;
  if (!name || !email) return {};
  return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
}

export function azureProvider(env: NodeJS.ProcessEnv, options: CiOptions): CiProvider {
  const files = reportFiles(options.reportDir);
  const print = (line: string) => void process.stdout.write(`${line}\n`);
  const collectionUrl = hostApiBase(env, env.SYSTEM_COLLECTIONURI);
  const token = hostToken(env, [AZURE_TOKEN_VARIABLE]);
  const project = env.SYSTEM_TEAMPROJECT || env.SYSTEM_TEAMPROJECTID || '';
  const repositoryId = env.BUILD_REPOSITORY_ID ?? '';
  const pullRequestId = env.SYSTEM_PULLREQUEST_PULLREQUESTID || undefined;
  const whereFull = `the run's log and ${files.reportPath} (the run's Extensions tab)`;
  const runUrl =
    env.SYSTEM_COLLECTIONURI && project && env.BUILD_BUILDID
      ? `${env.SYSTEM_COLLECTIONURI.replace(/\/+$/, '')}/${encodeURIComponent(project)}/_build/results?buildId=${env.BUILD_BUILDID}`
      : undefined;
  // Pull requests of a repository on GitHub or Bitbucket are commented on by their own host, not here.
  const provider = env.BUILD_REPOSITORY_PROVIDER;
  const azureRepos = provider === undefined || provider === 'TfsGit';
  const error = (message: string) => print(`##vso[task.logissue type=error]${escapeMessage(message)}`);
  const warning = (message: string) => print(`##vso[task.logissue type=warning]${escapeMessage(message)}`);
  const target = (): AzureRepo | string => {
    if (!collectionUrl) return 'no collection URI (SYSTEM_COLLECTIONURI, or MONITORS_CI_API_URL)';
    if (!project || !repositoryId) return 'no project or repository (SYSTEM_TEAMPROJECT, BUILD_REPOSITORY_ID)';
    if (!token)
      return `no token: map the job's token into the step (env: ${AZURE_TOKEN_VARIABLE}: $(System.AccessToken)), or set MONITORS_CI_TOKEN`;
    return { collectionUrl, project, repositoryId, token: token.token, tokenVariable: token.variable };
  };
  const setVariable = (name: string, value: string) =>
    print(`##vso[task.setvariable variable=${name};isoutput=true]${escapeMessage(value)}`);
  return {
    name: 'azure',
    changeName: 'pull request',
    error,
    warning,
    info: print,
    group: (title) => print(`##[group]${title}`),
    endGroup: () => print('##[endgroup]'),
    secretNames: [AZURE_TOKEN_VARIABLE, 'MONITORS_CI_TOKEN'],
    lockBranchEnv: () => ({ ...identity(env), ...gitAuthEnv(env) }),
    writeReport(markdown, counts) {
      files.writeReport(markdown, counts);
      print(`monitors: the report is in ${files.reportPath}.`);
      print(`##vso[task.uploadsummary]${resolve(files.reportPath)}`);
    },
    writeOutputs(outputs) {
      files.writeOutputs(outputs);
      setVariable('changes', String(outputs.changes));
      setVariable('exitCode', String(outputs.exitCode));
    },
    machineReports: ['junit'],
    writeMachineReport(_kind, file, content) {
      const path = files.writeFile(file, content);
      print(`monitors: the JUnit report is in ${path}, for the PublishTestResults@2 step.`);
    },
    async publishPlan(plan: PlanToPublish) {
      if (!pullRequestId) return (print('monitors: not a pull request build; no plan comment.'), true);
      if (!azureRepos)
        return (print(`monitors: the repository is on ${provider}, not Azure Repos; no plan comment here.`), true);
      try {
        const where = target();
        if (typeof where === 'string') throw new Error(where);
        const result = await upsertThread({
          ...where,
          pullRequestId,
          marker: planMarker(plan.path),
          markdown: plan.markdown,
          whereFull,
        });
        print(`monitors: plan comment ${result.action} (pull request ${pullRequestId}, thread ${result.threadId}).`);
        return true;
      } catch (failure) {
        error(`The plan comment was not posted: ${(failure as Error).message}. The plan is in ${files.reportPath}.`);
        return false;
      }
    },
    async publishStatus(status: CommitStatus) {
      if (!azureRepos) return;
      const commit = env.BUILD_SOURCEVERSION;
      const where = target();
      if (typeof where === 'string' || (!pullRequestId && !commit)) {
        warning(`No status was set: ${typeof where === 'string' ? where : 'no commit (BUILD_SOURCEVERSION)'}.`);
        return;
      }
      const name = `${status.command}${status.path === '.' ? '' : ` ${status.path}`}`;
      const body: AzureStatus = {
        state: status.state === 'success' ? 'succeeded' : 'failed',
        description: oneLine(status.description, STATUS_DESCRIPTION_MAX),
        genre: 'monitors',
        name,
        ...(runUrl ? { targetUrl: runUrl } : {}),
      };
      try {
        if (pullRequestId) await postPullRequestStatus(where, pullRequestId, body);
        else await postCommitStatus(where, commit!, body);
        const on = pullRequestId ? `pull request ${pullRequestId}` : `commit ${commit!.slice(0, 12)}`;
        print(`monitors: status monitors/${name} set to ${body.state} on ${on}.`);
      } catch (failure) {
        warning(`The status was not set: ${(failure as Error).message}.`);
      }
    },
    async trackDrift(drift: DriftToTrack) {
      if (!drift.drift) return (print(`monitors: no drift: the live monitors match ${drift.path}.`), 0);
      error(
        `The live monitors drift from ${drift.path}. Azure Pipelines has no issue for it: the plan is in ${files.reportPath}, and the status says drift (exit 2).`,
      );
      return 2;
    },
  };
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
