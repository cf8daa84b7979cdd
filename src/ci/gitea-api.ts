// Gitea's REST API v1 (Forgejo keeps the same routes), as `monitors ci` uses it on Gitea and
// Forgejo Actions: the one plan comment of a pull request (an issue comment: GET
// /repos/{owner}/{repo}/issues/{index}/comments, POST there, PATCH
// /repos/{owner}/{repo}/issues/comments/{id}), the commit status (POST
// /repos/{owner}/{repo}/statuses/{sha}) and the drift issue (/repos/{owner}/{repo}/issues).
// The token goes as `Authorization: token …`, the scheme of Gitea's swagger; a refusal names
// the variable the token came from and the permission it lacks, never the token.
import { requestJson } from './http-json.js';
import { driftBody, driftMarker, driftTitle, markedBody, noDriftText } from './markers.js';
import { findMarked, findMarkedLabelFirst, startsWithMarker, type Page } from './sticky.js';
import type { IssueComment, IssueShape } from './issue-shapes.js';

/**
 * Gitea and Forgejo document no maximum for a comment or issue body (the column is a long
 * text); the body is cut at GitHub's 65,536 characters, which their GitHub-compatible tools
 * already keep to and which the web view still renders quickly.
 */
export const GITEA_MAX_BODY = 65_000;
/** Gitea's default and usual ceiling of `limit` ([api] MAX_RESPONSE_ITEMS = 50). */
const PAGE_LIMIT = 50;

export interface GiteaRepo {
  apiUrl: string;
  token: string;
  /** The variable the token came from, for messages. */
  tokenVariable: string;
  /** owner/name */
  repo: string;
  /** "Gitea" or "Forgejo", for messages. */
  host: string;
}

interface Label {
  id: number;
  name: string;
}

/** What the job's token needs for an operation (all its calls), in the words of Gitea's `permissions:`. */
export type Need = 'pull-requests: write' | 'issues: write' | 'contents: write';

export class GiteaApi {
  constructor(
    private readonly target: GiteaRepo,
    private readonly need: Need,
  ) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const need = this.need;
    const { host, tokenVariable } = this.target;
    const answer = await requestJson(
      {
        method,
        url: `${this.target.apiUrl}${path}`,
        headers: {
          accept: 'application/json',
          authorization: `token ${this.target.token}`,
          'user-agent': 'monitors-ci',
        },
        body,
      },
      (status, detail) => {
        const hint =
          status === 401
            ? ` (${host} did not accept the token in ${tokenVariable}: expired, revoked, or not a token of this server; a valid token needs \`permissions: ${need}\`)`
            : status === 403 || status === 404
              ? ` (the token in ${tokenVariable} may not do this: the job needs \`permissions: ${need}\`, and a pull request from a fork gets a read-only token)`
              : '';
        return `${host} API ${method} ${path.split('?')[0]} failed: ${detail}${hint}`;
      },
    );
    return answer.json as T;
  }

  /** A page of a listing: full (`limit`) until the last. */
  async page<T>(path: string, n: number): Promise<Page<T>> {
    const items = await this.request<T[]>(
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}page=${n}&limit=${PAGE_LIMIT}`,
    );
    const list = Array.isArray(items) ? items : [];
    return { items: list, next: list.length < PAGE_LIMIT ? undefined : n + 1 };
  }
}

const repoPath = (repo: string) => `/repos/${repo.split('/').map(encodeURIComponent).join('/')}`;

/** Finds the comment carrying the marker on the pull request and edits it, else creates one. */
export async function upsertComment(
  target: GiteaRepo & { index: number; marker: string; markdown: string; whereFull: string },
): Promise<{ action: 'created' | 'updated'; id: number; url?: string }> {
  const api = new GiteaApi(target, 'pull-requests: write');
  const base = repoPath(target.repo);
  const body = markedBody(target.marker, target.markdown, GITEA_MAX_BODY, target.whereFull);
  // The comments of an issue are one list, not paginated (Gitea's swagger: no page or limit).
  const comments = await api.request<IssueComment[]>('GET', `${base}/issues/${target.index}/comments`);
  const existing = (Array.isArray(comments) ? comments : []).find((c) => startsWithMarker(c.body, target.marker));
  const comment = existing
    ? await api.request<IssueComment>('PATCH', `${base}/issues/comments/${existing.id}`, { body })
    : await api.request<IssueComment>('POST', `${base}/issues/${target.index}/comments`, { body });
  return {
    action: existing ? 'updated' : 'created',
    id: comment.id,
    ...(comment.html_url ? { url: comment.html_url } : {}),
  };
}

export interface StatusToPost {
  sha: string;
  state: 'success' | 'failure';
  context: string;
  description: string;
  targetUrl?: string;
}

export async function postStatus(target: GiteaRepo, status: StatusToPost): Promise<void> {
  await new GiteaApi(target, 'contents: write').request('POST', `${repoPath(target.repo)}/statuses/${status.sha}`, {
    state: status.state,
    context: status.context,
    description: status.description,
    ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
  });
}

/**
 * Whether the repository has its issue tracker on (has_issues; an external tracker counts as
 * off). A repository that cannot be read here is taken as having issues: the issue calls then
 * say what is wrong.
 */
export async function issuesEnabled(target: GiteaRepo): Promise<boolean> {
  let repo: { has_issues?: boolean; external_tracker?: unknown };
  try {
    repo = await new GiteaApi(target, 'issues: write').request('GET', repoPath(target.repo));
  } catch {
    return true;
  }
  return repo?.has_issues !== false && !repo?.external_tracker;
}

export interface DriftTarget extends GiteaRepo {
  path: string;
  label: string;
  whereFull: string;
  runUrl?: string;
  now?: Date;
}

async function findDriftIssue(api: GiteaApi, target: DriftTarget): Promise<IssueShape | undefined> {
  const marker = driftMarker(target.path);
  return findMarkedLabelFirst(
    target.label,
    (labels, n) => api.page<IssueShape>(`${repoPath(target.repo)}/issues?state=open&type=issues${labels}`, n),
    (issue) => !issue.pull_request && startsWithMarker(issue.body, marker),
  );
}

/** Gitea takes a new issue's labels as ids: the label's id when the repository has it, else none. */
async function labelId(api: GiteaApi, repo: string, name: string): Promise<number | undefined> {
  if (!name) return undefined;
  try {
    const found = await findMarked(
      (n) => api.page<Label>(`${repoPath(repo)}/labels`, n),
      (label) => label.name === name,
    );
    return found?.id;
  } catch {
    return undefined; // labels that cannot be read: the issue opens without one
  }
}

export async function reportDrift(
  target: DriftTarget & { planMarkdown: string },
): Promise<{ action: 'opened' | 'updated'; number: number; url?: string }> {
  const api = new GiteaApi(target, 'issues: write');
  const body = driftBody({
    path: target.path,
    planMarkdown: target.planMarkdown,
    runName: 'workflow run',
    maxChars: GITEA_MAX_BODY,
    whereFull: target.whereFull,
    ...(target.runUrl ? { runUrl: target.runUrl } : {}),
    ...(target.now ? { now: target.now } : {}),
  });
  const issues = `${repoPath(target.repo)}/issues`;
  const title = driftTitle(target.path);
  const existing = await findDriftIssue(api, target);
  if (existing) {
    const issue = await api.request<IssueShape>('PATCH', `${issues}/${existing.number}`, { title, body });
    return { action: 'updated', number: issue.number, ...(issue.html_url ? { url: issue.html_url } : {}) };
  }
  const label = await labelId(api, target.repo, target.label);
  const issue = await api.request<IssueShape>('POST', issues, {
    title,
    body,
    ...(label !== undefined ? { labels: [label] } : {}),
  });
  return { action: 'opened', number: issue.number, ...(issue.html_url ? { url: issue.html_url } : {}) };
}

export async function closeDrift(
  target: DriftTarget,
): Promise<{ action: 'closed'; number: number; url?: string } | { action: 'none' }> {
  const api = new GiteaApi(target, 'issues: write');
  const existing = await findDriftIssue(api, target);
  if (!existing) return { action: 'none' };
  const issue = `${repoPath(target.repo)}/issues/${existing.number}`;
  await api.request('POST', `${issue}/comments`, {
    body: noDriftText(target.path, 'workflow run', target.runUrl, target.now),
  });
  const closed = await api.request<IssueShape>('PATCH', issue, { state: 'closed' });
  return { action: 'closed', number: closed.number, ...(closed.html_url ? { url: closed.html_url } : {}) };
}
