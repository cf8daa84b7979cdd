// GitHub Actions: `::error::` and `::group::` lines, the job summary and step outputs, ONE
// pull-request comment per path (updated on every push), and ONE issue per path while the
// live monitors drift. The token is GITHUB_TOKEN (the Action passes its github-token input
// there). A comment that cannot be posted is a warning (a read-only token: pull requests from
// forks, Dependabot); a drift issue that cannot be written fails the job.
import { appendFileSync, readFileSync } from 'node:fs';
import { requestJson } from './http-json.js';
import { driftBody, driftIssueLine, driftMarker, driftTitle, markedBody, noDriftText, planMarker } from './markers.js';
import type { CiOptions } from './options.js';
import type { CiOutputs, CiProvider, DriftToTrack, PlanToPublish } from './provider.js';
import { reportFiles } from './report-files.js';
import { workflowCommandLog } from './workflow-commands.js';
import { findMarked, findMarkedLabelFirst, startsWithMarker, type Page } from './sticky.js';
import type { IssueComment, IssueShape } from './issue-shapes.js';

/** GitHub refuses comment and issue bodies over 65,536 characters. */
export const GITHUB_MAX_BODY = 65_000;
const WHERE_FULL = 'the job summary and log';
const PER_PAGE = 100;

/** Who commits the lock record to the lock branch, as GitHub shows the Actions bot. */
export const BOT_IDENTITY = {
  GIT_AUTHOR_NAME: 'github-actions[bot]',
  GIT_AUTHOR_EMAIL: '41898282+github-actions[bot]@users.noreply.github.com',
  GIT_COMMITTER_NAME: 'github-actions[bot]',
  GIT_COMMITTER_EMAIL: '41898282+github-actions[bot]@users.noreply.github.com',
};

/** GitHub's REST API; `permission` is named in the message of a 403 or 404. */
export class GitHubApi {
  private readonly apiUrl: string;
  constructor(
    apiUrl: string,
    private readonly token: string,
    private readonly permission: string,
  ) {
    this.apiUrl = apiUrl.replace(/\/+$/, '');
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await requestJson(
      {
        method,
        url: `${this.apiUrl}${path}`,
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${this.token}`,
          'x-github-api-version': '2022-11-28',
          'user-agent': 'monitors-ci',
        },
        body,
      },
      (status, detail) => {
        const hint =
          status === 403 || status === 404 ? ` (does the job grant \`permissions: ${this.permission}\`?)` : '';
        return `GitHub API ${method} ${path.split('?')[0]} failed: ${detail}${hint}`;
      },
    );
    return answer.json as T;
  }

  /** A page of a listing: GitHub's pages are full (per_page) until the last. */
  async page<T>(path: string, n: number): Promise<Page<T>> {
    const items = await this.request<T[]>(
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}per_page=${PER_PAGE}&page=${n}`,
    );
    const list = Array.isArray(items) ? items : [];
    return { items: list, next: list.length < PER_PAGE ? undefined : n + 1 };
  }
}

export interface CommentTarget {
  apiUrl: string;
  token: string;
  repo: string;
  issueNumber: number;
  marker: string;
  markdown: string;
}

/** Finds the comment carrying the marker on the pull request and updates it, else creates one. */
export async function upsertComment(
  target: CommentTarget,
): Promise<{ action: 'created' | 'updated'; id: number; url?: string }> {
  const { repo, issueNumber, marker } = target;
  const api = new GitHubApi(target.apiUrl, target.token, 'pull-requests: write');
  const body = markedBody(marker, target.markdown, GITHUB_MAX_BODY, WHERE_FULL);
  const existing = await findMarked(
    (n) => api.page<IssueComment>(`/repos/${repo}/issues/${issueNumber}/comments`, n),
    (c) => startsWithMarker(c.body, marker),
  );
  if (existing) {
    const updated = await api.request<IssueComment>('PATCH', `/repos/${repo}/issues/comments/${existing.id}`, { body });
    return { action: 'updated', id: updated.id, ...(updated.html_url ? { url: updated.html_url } : {}) };
  }
  const created = await api.request<IssueComment>('POST', `/repos/${repo}/issues/${issueNumber}/comments`, { body });
  return { action: 'created', id: created.id, ...(created.html_url ? { url: created.html_url } : {}) };
}

/** The open issue carrying the drift marker (pull requests, listed among the issues, left out). */
export async function findDriftIssue(
  api: GitHubApi,
  repo: string,
  path: string,
  label: string,
): Promise<IssueShape | undefined> {
  const marker = driftMarker(path);
  return findMarkedLabelFirst(
    label,
    (labels, n) => api.page<IssueShape>(`/repos/${repo}/issues?state=open${labels}`, n),
    (i) => !i.pull_request && startsWithMarker(i.body, marker),
  );
}

export interface DriftTarget {
  apiUrl: string;
  token: string;
  repo: string;
  path: string;
  label: string;
  runUrl?: string;
  now?: Date;
}

/** Drift found: update the open issue, or open one. */
export async function reportDrift(
  target: DriftTarget & { planMarkdown: string },
): Promise<{ action: 'opened' | 'updated'; number: number; url?: string }> {
  const { repo, path, label } = target;
  const api = new GitHubApi(target.apiUrl, target.token, 'issues: write');
  const body = driftBody({
    path,
    planMarkdown: target.planMarkdown,
    runName: 'workflow run',
    maxChars: GITHUB_MAX_BODY,
    whereFull: WHERE_FULL,
    ...(target.runUrl ? { runUrl: target.runUrl } : {}),
    ...(target.now ? { now: target.now } : {}),
  });
  const existing = await findDriftIssue(api, repo, path, label);
  const issue = existing
    ? await api.request<IssueShape>('PATCH', `/repos/${repo}/issues/${existing.number}`, {
        title: driftTitle(path),
        body,
      })
    : await api.request<IssueShape>('POST', `/repos/${repo}/issues`, {
        title: driftTitle(path),
        body,
        ...(label ? { labels: [label] } : {}),
      });
  return {
    action: existing ? 'updated' : 'opened',
    number: issue.number,
    ...(issue.html_url ? { url: issue.html_url } : {}),
  };
}

/** No drift: close the open issue with a comment saying so. */
export async function closeDrift(
  target: DriftTarget,
): Promise<{ action: 'closed'; number: number; url?: string } | { action: 'none' }> {
  const { repo, path } = target;
  const api = new GitHubApi(target.apiUrl, target.token, 'issues: write');
  const existing = await findDriftIssue(api, repo, path, target.label);
  if (!existing) return { action: 'none' };
  await api.request('POST', `/repos/${repo}/issues/${existing.number}/comments`, {
    body: noDriftText(path, 'workflow run', target.runUrl, target.now),
  });
  const closed = await api.request<IssueShape>('PATCH', `/repos/${repo}/issues/${existing.number}`, {
    state: 'closed',
    state_reason: 'completed',
  });
  return { action: 'closed', number: closed.number, ...(closed.html_url ? { url: closed.html_url } : {}) };
}

/** The pull request number of the triggering event, or undefined outside pull requests. */
export function pullRequestNumber(eventPath: string | undefined): number | undefined {
  if (!eventPath) return undefined;
  const event = JSON.parse(readFileSync(eventPath, 'utf8')) as {
    pull_request?: { number?: number };
    issue?: { number?: number; pull_request?: unknown };
  };
  return event.pull_request?.number ?? (event.issue?.pull_request ? event.issue.number : undefined);
}

export function githubProvider(env: NodeJS.ProcessEnv, options: CiOptions): CiProvider {
  const files = reportFiles(options.reportDir);
  const print = (line: string) => void process.stdout.write(`${line}\n`);
  const apiUrl = env.GITHUB_API_URL ?? 'https://api.github.com';
  const token = env.GITHUB_TOKEN ?? '';
  const repo = env.GITHUB_REPOSITORY ?? '';
  const runUrl =
    env.GITHUB_RUN_ID && env.GITHUB_REPOSITORY
      ? `${env.GITHUB_SERVER_URL ?? 'https://github.com'}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined;
  const output = (text: string) => {
    if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, text);
  };
  return {
    name: 'github',
    changeName: 'pull request',
    ...workflowCommandLog(print),
    secretNames: ['GITHUB_TOKEN'],
    lockBranchEnv: () => ({ ...BOT_IDENTITY }),
    writeReport(markdown) {
      if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${markdown}\n`);
    },
    writeOutputs(outputs: CiOutputs) {
      const lockFiles = outputs.lockFiles ? `lock-files=${outputs.lockFiles.join(' ')}\n` : '';
      output(`changes=${outputs.changes}\nexit-code=${outputs.exitCode}\n${lockFiles}`);
    },
    machineReports: ['sarif'],
    writeMachineReport(_kind, file, content) {
      const path = files.writeFile(file, content);
      print(`monitors: the SARIF report is in ${path}, for github/codeql-action/upload-sarif (output sarif-file).`);
      output(`sarif-file=${path}\n`);
    },
    async publishPlan(plan: PlanToPublish) {
      const issueNumber = pullRequestNumber(env.GITHUB_EVENT_PATH);
      if (issueNumber === undefined) return (print('monitors: not a pull request; no plan comment.'), true);
      if (!token) {
        print('::warning::No GitHub token (the github-token input, or GITHUB_TOKEN): the plan comment was not posted.');
        return true;
      }
      try {
        const result = await upsertComment({
          apiUrl,
          token,
          repo,
          issueNumber,
          marker: planMarker(plan.path),
          markdown: plan.markdown,
        });
        print(`monitors: plan comment ${result.action}${result.url ? ` (${result.url})` : ''}.`);
      } catch (error) {
        // A read-only token (pull requests from forks, Dependabot, restricted default
        // permissions) cannot comment: the plan is in the job summary, and the step's
        // result stays the plan's.
        print(
          `::warning::The plan comment was not posted: ${(error as Error).message}. The plan is in the job summary.`,
        );
      }
      return true;
    },
    async trackDrift(drift: DriftToTrack) {
      // Unlike the plan comment, the issue IS the result of a drift run: when the token cannot
      // write issues the step fails, so that drift never goes unnoticed behind a green run.
      const target = { apiUrl, token, repo, path: drift.path, label: drift.label, ...(runUrl ? { runUrl } : {}) };
      try {
        if (!token) throw new Error('no GitHub token (the github-token input, or GITHUB_TOKEN)');
        const result = drift.drift
          ? await reportDrift({ ...target, planMarkdown: drift.planMarkdown })
          : await closeDrift(target);
        print(driftIssueLine(result));
        if (result.action !== 'none') {
          output(`issue=${result.number}\n`);
        }
        return 0;
      } catch (error) {
        const what = drift.drift ? 'opened or updated' : 'closed';
        print(
          `::error::The drift issue could not be ${what}: ${(error as Error).message}. The plan is in the job summary; the job needs \`permissions: issues: write\`.`,
        );
        return 1;
      }
    },
  };
}
