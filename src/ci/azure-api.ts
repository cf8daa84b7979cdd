// Azure DevOps Git REST API 7.1, as `monitors ci` uses it on Azure Pipelines with Azure Repos:
// the one plan comment of a pull request (a thread holding one comment, found again by the
// marker at the start of its first comment, the comment edited in place: PATCH
// .../threads/{threadId}/comments/{commentId}), the pull-request status (POST
// .../pullRequests/{id}/statuses) and the commit status outside pull requests (POST
// .../commits/{commitId}/statuses). Every URL is {collection}/{project}/_apis/git/... with
// api-version=7.1; a refusal names the variable the token came from and the permission it
// lacks, never the token.
import { requestJson } from './http-json.js';
import { markedBody } from './markers.js';

/** Azure DevOps keeps a comment's content to 150,000 characters. */
export const AZURE_MAX_BODY = 150_000;
const API_VERSION = '7.1';

export interface AzureRepo {
  /** The collection URI (https://dev.azure.com/ORG), or MONITORS_CI_API_URL. */
  collectionUrl: string;
  project: string;
  repositoryId: string;
  token: string;
  tokenVariable: string;
}

interface Comment {
  id: number;
  content?: string;
  isDeleted?: boolean;
  commentType?: string | number;
}

interface Thread {
  id: number;
  isDeleted?: boolean;
  comments?: Comment[];
}

/** What the token's identity needs on the repository for an operation (all its calls), as the docs name it. */
type Need = 'Contribute to pull requests' | 'Contribute';

/**
 * SYSTEM_ACCESSTOKEN goes as Bearer, as Azure Pipelines documents; so does a Microsoft Entra
 * token (a JWT) in MONITORS_CI_TOKEN. Any other MONITORS_CI_TOKEN is a personal access token,
 * which Azure DevOps takes only as Basic with an empty user name.
 */
export function authorization(token: string, variable: string): string {
  return variable === 'SYSTEM_ACCESSTOKEN' || /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/.test(token)
    ? `Bearer ${token}`
    : `Basic ${Buffer.from(`:${token}`).toString('base64')}`;
}

export class AzureApi {
  constructor(
    private readonly repo: AzureRepo,
    private readonly need: Need,
  ) {}

  private get base(): string {
    const { collectionUrl, project, repositoryId } = this.repo;
    return `${collectionUrl}/${encodeURIComponent(project)}/_apis/git/repositories/${encodeURIComponent(repositoryId)}`;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const variable = this.repo.tokenVariable;
    const need = this.need;
    const answer = await requestJson(
      {
        method,
        url: `${this.base}${path}${path.includes('?') ? '&' : '?'}api-version=${API_VERSION}`,
        headers: {
          accept: 'application/json',
          authorization: authorization(this.repo.token, this.repo.tokenVariable),
          'user-agent': 'monitors-ci',
        },
        body,
      },
      (status, detail) => {
        const hint =
          status === 401 || status === 203
            ? ` (Azure DevOps did not accept the token in ${variable}: map it into the step with env: SYSTEM_ACCESSTOKEN: $(System.AccessToken), or give a valid token; its identity needs "${need}" on the repository)`
            : status === 403 || status === 404
              ? ` (the identity of the token in ${variable} may not do this: the project's build service needs "${need}" on the repository, Project Settings > Repositories > Security)`
              : '';
        return `Azure DevOps API ${method} ${path.split('?')[0] || '/'} failed: ${detail}${hint}`;
      },
    );
    // Azure DevOps answers a bad token with 203 and its sign-in page, not JSON.
    if (answer.status === 203)
      throw new Error(
        `Azure DevOps API ${method} ${path} failed: 203 (a sign-in page: the token in ${variable} was not accepted)`,
      );
    return answer.json as T;
  }
}

const text = (comment: Comment) => !comment.isDeleted && comment.commentType !== 'system';

/** Finds the thread whose first comment carries the marker and edits that comment, else creates a thread. */
export async function upsertThread(
  target: AzureRepo & { pullRequestId: string; marker: string; markdown: string; whereFull: string },
): Promise<{ action: 'created' | 'updated'; threadId: number; commentId: number }> {
  const api = new AzureApi(target, 'Contribute to pull requests');
  const threads = `/pullRequests/${encodeURIComponent(target.pullRequestId)}/threads`;
  const content = markedBody(target.marker, target.markdown, AZURE_MAX_BODY, target.whereFull);
  // One answer holds every thread of the pull request with its comments ({count, value}).
  const listed = await api.request<{ value?: Thread[] }>('GET', threads);
  for (const thread of listed.value ?? []) {
    if (thread.isDeleted) continue;
    const first = (thread.comments ?? []).filter(text)[0];
    if (first && typeof first.content === 'string' && first.content.startsWith(target.marker)) {
      await api.request<Comment>('PATCH', `${threads}/${thread.id}/comments/${first.id}`, { content });
      return { action: 'updated', threadId: thread.id, commentId: first.id };
    }
  }
  // Closed: a report, not a discussion, so it never holds up a "resolve all comments" policy.
  const created = await api.request<Thread>('POST', threads, {
    comments: [{ parentCommentId: 0, content, commentType: 'text' }],
    status: 'closed',
  });
  return { action: 'created', threadId: created.id, commentId: created.comments?.[0]?.id ?? 1 };
}

export interface AzureStatus {
  state: 'succeeded' | 'failed';
  description: string;
  /** genre/name: how branch policies name the status. */
  genre: string;
  name: string;
  targetUrl?: string;
}

const statusBody = (status: AzureStatus) => ({
  state: status.state,
  description: status.description,
  context: { genre: status.genre, name: status.name },
  ...(status.targetUrl ? { targetUrl: status.targetUrl } : {}),
});

/** A status on the pull request (a branch policy can require it by genre/name). */
export async function postPullRequestStatus(target: AzureRepo, pullRequestId: string, status: AzureStatus) {
  await new AzureApi(target, 'Contribute to pull requests').request(
    'POST',
    `/pullRequests/${encodeURIComponent(pullRequestId)}/statuses`,
    statusBody(status),
  );
}

/** A status on a commit (outside pull requests: apply on main, drift). */
export async function postCommitStatus(target: AzureRepo, commitId: string, status: AzureStatus) {
  await new AzureApi(target, 'Contribute').request(
    'POST',
    `/commits/${encodeURIComponent(commitId)}/statuses`,
    statusBody(status),
  );
}
