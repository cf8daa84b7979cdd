// Bitbucket Cloud, in Bitbucket Pipelines: ONE comment per path on the pull request holding
// the plan, found again by its marker (marker.ts) and edited on every push; a build status on
// the commit with the run's summary (so that merge checks can require it); validate's
// findings as a Code Insights report with annotations on the diff; drift as ONE issue where
// the repository's issue tracker is on (cloud-issues.ts). The API is https://api.bitbucket.org/2.0
// (MONITORS_CI_API_URL overrides it); the token a repository, project or workspace access
// token in BITBUCKET_ACCESS_TOKEN (MONITORS_CI_TOKEN overrides it): app passwords are retired.
// A comment or an issue that cannot be written fails the job; a status or a report that
// cannot be written is an error line, the job's result stays the run's.
import { hostApiBase } from '../host-overrides.js';
import { startsWithMarker, findMarked } from '../sticky.js';
import type { CiOptions } from '../options.js';
import type { CiProvider, CommitStatus, FindingsToPublish, PlanToPublish } from '../provider.js';
import { BitbucketApi } from './api.js';
import { trackCloudDrift } from './cloud-issues.js';
import { BITBUCKET_MAX_COMMENT, messageOf, shared, TOKEN_VARIABLE } from './common.js';
import { cloudAnnotations, cloudReport } from './insights.js';
import { bitbucketBody, bitbucketMarker } from './marker.js';
import { reportKey, reportTitle, statusKey, statusName } from './naming.js';
import { clip, sarifFindings } from './sarif-findings.js';
import { cloudRepository } from './cloud-repository.js';

export const CLOUD_API = 'https://api.bitbucket.org/2.0';
/** The scopes of an access token each call needs, as Bitbucket's token settings name them. */
export const CLOUD_PERMISSIONS = {
  comment: 'Pull requests: Write (pullrequest:write)',
  status: 'Repositories: Read (repository)',
  issue: 'Issues: Write (issue:write)',
};

interface Comment {
  id: number;
  deleted?: boolean;
  content?: { raw?: string };
  links?: { html?: { href?: string } };
}

export function bitbucketCloudProvider(env: NodeJS.ProcessEnv, options: CiOptions): CiProvider {
  const { part, files, print, token } = shared(env, options);
  const repo = cloudRepository(env);
  const base = hostApiBase(env, CLOUD_API)!;
  const api = token ? new BitbucketApi('Bitbucket Cloud', base, token.token, token.variable) : undefined;
  const whereFull = `${files.reportPath} (the step's artifacts) and the step's log`;
  const noToken = (what: string) =>
    `No ${TOKEN_VARIABLE}: the ${what} cannot be written. Create a repository access token (Repository settings > Security > Access tokens; scopes ${Object.values(CLOUD_PERMISSIONS).join(', ')}, and Repositories: Write to push a lock branch) and add it as the secured repository variable ${TOKEN_VARIABLE}; app passwords are retired and not taken (docs/ci.md)`;

  return {
    name: 'bitbucket',
    changeName: 'pull request',
    ...part,
    // A pipeline's clone may push to its own repository; the commits are the Pipelines bot's.
    lockBranchEnv: () => ({
      GIT_AUTHOR_NAME: 'Bitbucket Pipelines',
      GIT_AUTHOR_EMAIL: 'commits-noreply@bitbucket.org',
      GIT_COMMITTER_NAME: 'Bitbucket Pipelines',
      GIT_COMMITTER_EMAIL: 'commits-noreply@bitbucket.org',
    }),
    async publishPlan(plan: PlanToPublish) {
      if (!repo.pullRequest) return (print('monitors: not a pull-request pipeline; no plan comment.'), true);
      try {
        if (!api) throw new Error(noToken('plan comment'));
        const comments = `${repo.path}/pullrequests/${encodeURIComponent(repo.pullRequest)}/comments`;
        const marker = bitbucketMarker('plan', plan.path);
        const body = {
          type: 'pullrequest_comment',
          content: { raw: bitbucketBody('plan', plan.path, plan.markdown, BITBUCKET_MAX_COMMENT, whereFull) },
        };
        const existing = await findMarked(
          api.cloudPages<Comment>(`${comments}?pagelen=100`, CLOUD_PERMISSIONS.comment),
          (c) => !c.deleted && startsWithMarker(c.content?.raw, marker),
        );
        const saved = existing
          ? await api.request<Comment>('PUT', `${comments}/${existing.id}`, CLOUD_PERMISSIONS.comment, body)
          : await api.request<Comment>('POST', comments, CLOUD_PERMISSIONS.comment, body);
        const url = saved?.links?.html?.href;
        print(`monitors: plan comment ${existing ? 'updated' : 'created'}${url ? ` (${url})` : ''}.`);
        return true;
      } catch (error) {
        print(`ERROR: The plan comment was not posted: ${messageOf(error)}. The plan is in ${files.reportPath}.`);
        return false;
      }
    },
    async publishStatus(status: CommitStatus) {
      if (!repo.commit) return print('monitors: no BITBUCKET_COMMIT; no build status.');
      try {
        if (!api) throw new Error(noToken('build status'));
        await api.request('POST', `${repo.path}/commit/${repo.commit}/statuses/build`, CLOUD_PERMISSIONS.status, {
          type: 'commitstatus',
          key: statusKey(status),
          state: status.state === 'success' ? 'SUCCESSFUL' : 'FAILED',
          name: statusName(status),
          description: clip(status.description, 255),
          url: repo.runUrl ?? `${base}${repo.path}`,
          ...(repo.branch ? { refname: repo.branch } : {}),
        });
        print(`monitors: build status ${statusName(status)} set on ${repo.commit.slice(0, 12)}.`);
      } catch (error) {
        print(`ERROR: The build status was not set: ${messageOf(error)}.`);
      }
    },
    async publishFindings(findings: FindingsToPublish) {
      if (!repo.commit) return print('monitors: no BITBUCKET_COMMIT; no Code Insights report.');
      try {
        if (!api) throw new Error(noToken('Code Insights report'));
        const list = sarifFindings(findings.sarif);
        const report = `${repo.path}/commit/${repo.commit}/reports/${reportKey(findings.path)}`;
        const permission = CLOUD_PERMISSIONS.status;
        await api.request('PUT', report, permission, cloudReport(reportTitle(findings.path), list, repo.runUrl));
        for (const part of cloudAnnotations(list)) await api.request('POST', `${report}/annotations`, permission, part);
        print(`monitors: Code Insights report ${reportTitle(findings.path)}: ${list.length} annotation(s).`);
      } catch (error) {
        print(`ERROR: The Code Insights report was not written: ${messageOf(error)}.`);
      }
    },
    async trackDrift(drift) {
      if (!api) {
        print(
          `ERROR: The drift issue could not be written: ${noToken('drift issue')}. The plan is in ${files.reportPath}.`,
        );
        return 1;
      }
      return trackCloudDrift({ api, repo, drift, print, whereFull, files });
    },
  };
}
