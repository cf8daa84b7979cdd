// Bitbucket Data Center (self-hosted; any CI: Jenkins, Bamboo, ...): ONE comment per path on
// the pull request holding the plan, found again by its marker among the pull request's
// activities and edited in place (with the version the server asks for); a build status on
// the commit (the repository's builds API of Bitbucket 7.4+, else the older build-status
// API); validate's findings as a Code Insights report and annotations
// (/rest/insights/1.0). Data Center has no issue tracker: drift is in the report and the
// build status, and a run that finds it fails with exit 2. Where it is: dc-repository.ts; the
// token a project or repository HTTP access token (Bearer) in BITBUCKET_ACCESS_TOKEN
// (MONITORS_CI_TOKEN overrides it). A comment that cannot be written fails the job.
import { ApiCallError } from '../http-json.js';
import type { CiOptions } from '../options.js';
import type { CiProvider, CommitStatus, FindingsToPublish, PlanToPublish } from '../provider.js';
import { findMarked, startsWithMarker } from '../sticky.js';
import { BitbucketApi } from './api.js';
import { BITBUCKET_MAX_COMMENT, messageOf, shared, TOKEN_VARIABLE } from './common.js';
import { dcRepository, missingSettings } from './dc-repository.js';
import { dcAnnotations, dcReport } from './insights.js';
import { bitbucketBody, bitbucketMarker } from './marker.js';
import { reportKey, reportTitle, statusKey, statusName } from './naming.js';
import { clip, sarifFindings } from './sarif-findings.js';

/** Commenting, build statuses and Code Insights all need read access to the repository. */
export const DC_PERMISSION = 'Repository read';

interface Activity {
  action?: string;
  comment?: { id: number; version: number; text?: string };
}

export function bitbucketDcProvider(env: NodeJS.ProcessEnv, options: CiOptions): CiProvider {
  const { part, files, print, token } = shared(env, options);
  const repo = dcRepository(env);
  const missing = missingSettings(repo);
  const api =
    token && !missing
      ? new BitbucketApi('Bitbucket Data Center', repo.apiBase!, token.token, token.variable)
      : undefined;
  const whereFull = `${files.reportPath} and the job's log`;
  const unusable = (what: string) =>
    missing
      ? `the ${what} cannot be written: ${missing} (docs/ci.md, "Bitbucket Data Center")`
      : `No ${TOKEN_VARIABLE}: the ${what} cannot be written. Create an HTTP access token of the repository (Repository settings > HTTP access tokens; permission ${DC_PERMISSION}, or Repository write to push a lock branch) and give it to the job as the secret variable ${TOKEN_VARIABLE}`;

  return {
    name: 'bitbucket-dc',
    changeName: 'pull request',
    ...part,
    // git's credentials for the lock branch: the token as a header for this server only, never on a command line.
    lockBranchEnv(jobEnv): Record<string, string> {
      if (!token || !repo.server) return {};
      const n = Number.parseInt(jobEnv.GIT_CONFIG_COUNT ?? '0', 10) || 0;
      return {
        GIT_CONFIG_COUNT: String(n + 1),
        [`GIT_CONFIG_KEY_${n}`]: `http.${repo.server}/.extraheader`,
        [`GIT_CONFIG_VALUE_${n}`]: `Authorization: Bearer ${token.token}`,
      };
    },
    async publishPlan(plan: PlanToPublish) {
      if (!repo.pullRequest) return (print('monitors: not a pull request build; no plan comment.'), true);
      try {
        if (!api) throw new Error(unusable('plan comment'));
        const pullRequest = `${repo.path}/pull-requests/${encodeURIComponent(repo.pullRequest)}`;
        const marker = bitbucketMarker('plan', plan.path);
        const text = bitbucketBody('plan', plan.path, plan.markdown, BITBUCKET_MAX_COMMENT, whereFull);
        const found = await findMarked(
          api.dcPages<Activity>(`${pullRequest}/activities`, DC_PERMISSION),
          (a) => a.action === 'COMMENTED' && startsWithMarker(a.comment?.text, marker),
        );
        const existing = found?.comment;
        const saved = existing
          ? await api.request<{ id: number }>('PUT', `${pullRequest}/comments/${existing.id}`, DC_PERMISSION, {
              text,
              version: existing.version,
            })
          : await api.request<{ id: number }>('POST', `${pullRequest}/comments`, DC_PERMISSION, { text });
        const id = saved?.id ?? existing?.id;
        print(
          `monitors: plan comment ${existing ? 'updated' : 'created'} (${repo.webUrl}/pull-requests/${repo.pullRequest}/overview?commentId=${id}).`,
        );
        return true;
      } catch (error) {
        print(`ERROR: The plan comment was not posted: ${messageOf(error)}. The plan is in ${files.reportPath}.`);
        return false;
      }
    },
    async publishStatus(status: CommitStatus) {
      if (!repo.commit) return print('monitors: no commit named (MONITORS_BITBUCKET_DC_COMMIT); no build status.');
      try {
        if (!api) throw new Error(unusable('build status'));
        const build = {
          key: statusKey(status),
          state: status.state === 'success' ? 'SUCCESSFUL' : 'FAILED',
          name: statusName(status),
          description: clip(status.description, 255),
          url: repo.runUrl ?? repo.webUrl,
        };
        try {
          await api.request('POST', `${repo.path}/commits/${repo.commit}/builds`, DC_PERMISSION, build);
        } catch (error) {
          // Before Bitbucket 7.4 there is only the server-wide build-status API, with the same body.
          if (!(error instanceof ApiCallError && error.status === 404)) throw error;
          await api.request('POST', `/build-status/1.0/commits/${repo.commit}`, DC_PERMISSION, build);
        }
        print(`monitors: build status ${statusName(status)} set on ${repo.commit.slice(0, 12)}.`);
      } catch (error) {
        print(`ERROR: The build status was not set: ${messageOf(error)}.`);
      }
    },
    async publishFindings(findings: FindingsToPublish) {
      if (!repo.commit)
        return print('monitors: no commit named (MONITORS_BITBUCKET_DC_COMMIT); no Code Insights report.');
      try {
        if (!api) throw new Error(unusable('Code Insights report'));
        const list = sarifFindings(findings.sarif);
        const report = `${repo.insightsPath}/commits/${repo.commit}/reports/${reportKey(findings.path)}`;
        await api.request('PUT', report, DC_PERMISSION, dcReport(reportTitle(findings.path), list, repo.runUrl));
        // The annotations of an earlier run on this commit go first: each run's findings are the whole list.
        await api.request('DELETE', `${report}/annotations`, DC_PERMISSION);
        for (const body of dcAnnotations(list)) await api.request('POST', `${report}/annotations`, DC_PERMISSION, body);
        print(`monitors: Code Insights report ${reportTitle(findings.path)}: ${list.length} annotation(s).`);
      } catch (error) {
        print(`ERROR: The Code Insights report was not written: ${messageOf(error)}.`);
      }
    },
    async trackDrift(drift) {
      if (!drift.drift) return (print(`monitors: no drift: the live monitors match ${drift.path}.`), 0);
      print(
        `ERROR: the live monitors drift from ${drift.path}. Bitbucket Data Center has no issue tracker: the plan is in ${files.reportPath} and the build status says so (exit 2).`,
      );
      return 2;
    },
  };
}
