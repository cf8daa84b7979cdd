// Stands in for the Azure DevOps Git REST API 7.1 in the tests of `monitors ci` on Azure
// Pipelines, on 127.0.0.1, written from Microsoft's description
// (../shared/git-host-apis/azure-devops-git-7.1.json, an excerpt of
// MicrosoftDocs/vsts-rest-api-specs specification/git/7.1/git.json): every request body is
// validated against its operation's schema there, and refused with 400 when it does not fit.
//   Pull Request Threads: GET {org}/{project}/_apis/git/repositories/{repositoryId}/pullRequests/{id}/threads
//     ({count, value}: every thread with its comments), POST (a GitPullRequestCommentThread, with
//     at least one comment); Thread Comments: PATCH .../threads/{threadId}/comments/{commentId}
//     (a Comment; only its content changes).
//   Pull Request Statuses: GET and POST .../pullRequests/{id}/statuses (a GitPullRequestStatus;
//     context.name is required). Commit statuses: POST .../commits/{commitId}/statuses (a
//     GitStatus, https://learn.microsoft.com/rest/api/azure/devops/git/statuses/create).
//   Every request needs api-version (400 without). Authentication: `Bearer <System.AccessToken>`
//     or `Basic base64(":" + PAT)`; an unknown token gets 401, a read-only identity 403 with
//     Azure's error shape {"$id", "message", "typeName", "typeKey", "errorCode", "eventId"}.
//   A comment's content is at most 150,000 characters.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyValidator } from './host-api-schemas.js';

export interface FakeAzureComment {
  id: number;
  content: string;
  commentType: 'text' | 'system';
  author: string;
  isDeleted?: boolean;
}

export interface FakeAzureThread {
  id: number;
  status: string;
  comments: FakeAzureComment[];
}

export interface FakeAzureStatus {
  state: string;
  description?: string;
  context: { genre?: string; name: string };
  targetUrl?: string;
}

export type AzureAccess = 'write' | 'read';

export interface FakeAzureDevOps {
  /** http://127.0.0.1:<port>/acme/ (SYSTEM_COLLECTIONURI, with its trailing slash as Azure gives it) */
  collectionUri: string;
  threads: Map<number, FakeAzureThread[]>;
  pullRequestStatuses: Map<number, FakeAzureStatus[]>;
  commitStatuses: Map<string, FakeAzureStatus[]>;
  /** Every request as `METHOD path?query`. */
  requests: string[];
  /** Bodies refused by the schema (none expected). */
  invalidBodies: string[];
  /** The authorization scheme of each request (Bearer, Basic, or none). */
  schemes: string[];
  close(): Promise<void>;
}

const MAX_CONTENT = 150_000;
const validator = bodyValidator('azure-devops-git-7.1.json');

export async function startFakeAzureDevOps(options: {
  organization: string;
  project: string;
  repositoryId: string;
  pullRequests: number[];
  tokens: Record<string, AzureAccess>;
}): Promise<FakeAzureDevOps> {
  const threads = new Map<number, FakeAzureThread[]>(options.pullRequests.map((id) => [id, []]));
  const pullRequestStatuses = new Map<number, FakeAzureStatus[]>(options.pullRequests.map((id) => [id, []]));
  const commitStatuses = new Map<string, FakeAzureStatus[]>();
  const requests: string[] = [];
  const invalidBodies: string[] = [];
  const schemes: string[] = [];
  let nextThread = 100;
  let nextStatus = 1;
  const repo = `^/${options.organization}/(?:${options.project})/_apis/git/repositories/${options.repositoryId}`;
  const routes = {
    threads: new RegExp(`${repo}/pullRequests/(\\d+)/threads$`),
    comment: new RegExp(`${repo}/pullRequests/(\\d+)/threads/(\\d+)/comments/(\\d+)$`),
    prStatuses: new RegExp(`${repo}/pullRequests/(\\d+)/statuses$`),
    commitStatuses: new RegExp(`${repo}/commits/([0-9a-f]{40})/statuses$`),
  };
  const commentView = (c: FakeAzureComment, parent = 0) => ({
    id: c.id,
    parentCommentId: parent,
    author: { displayName: c.author, id: `id-${c.author}`, uniqueName: c.author },
    content: c.content,
    publishedDate: '2026-01-01T00:00:00Z',
    lastUpdatedDate: '2026-01-01T00:00:00Z',
    lastContentUpdatedDate: '2026-01-01T00:00:00Z',
    commentType: c.commentType,
    isDeleted: c.isDeleted ?? false,
    usersLiked: [],
  });
  const threadView = (t: FakeAzureThread) => ({
    id: t.id,
    publishedDate: '2026-01-01T00:00:00Z',
    lastUpdatedDate: '2026-01-01T00:00:00Z',
    comments: t.comments.map((c, i) => commentView(c, i === 0 ? 0 : 1)),
    status: t.status,
    threadContext: null,
    properties: {},
    identities: null,
    isDeleted: false,
    _links: {},
  });
  const statusView = (s: FakeAzureStatus, id: number) => ({
    id,
    ...s,
    creationDate: '2026-01-01T00:00:00Z',
    updatedDate: '2026-01-01T00:00:00Z',
    createdBy: { displayName: 'acme Build Service (acme)', id: 'build-service' },
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    schemes.push(/^(\w+) /.exec(req.headers.authorization ?? '')?.[1] ?? 'none');
    const send = (status: number, value: unknown) =>
      void res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value));
    const azureError = (status: number, message: string, typeKey: string) =>
      send(status, {
        $id: '1',
        innerException: null,
        message,
        typeName: `Microsoft.TeamFoundation.${typeKey}`,
        typeKey,
        errorCode: 0,
        eventId: 3000,
      });
    const access = accessOf(req.headers.authorization, options.tokens);
    if (access === undefined) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('Access Denied: the token is not valid');
      return;
    }
    if (url.searchParams.get('api-version') === null)
      return azureError(400, 'No api-version was supplied for the "GET" request.', 'VssVersionNotSpecifiedException');
    const body = method === 'GET' ? {} : await readJson(req);
    if (body === undefined)
      return azureError(400, 'The body of the request is not JSON.', 'InvalidArgumentValueException');
    const checked = (definition: string) => {
      const errors = validator.errors(definition, body);
      if (errors.length === 0) return true;
      invalidBodies.push(...errors);
      azureError(400, `Invalid ${definition}: ${errors.join('; ')}`, 'InvalidArgumentValueException');
      return false;
    };
    if (method !== 'GET' && access !== 'write')
      return azureError(
        403,
        "TF401027: You need the Git 'PullRequestContribute' permission to perform this action.",
        'GitNeedsPermissionException',
      );

    let m = routes.threads.exec(url.pathname);
    if (m) {
      const list = threads.get(Number(m[1]));
      if (!list)
        return azureError(
          404,
          'TF401180: The requested pull request was not found.',
          'GitPullRequestNotFoundException',
        );
      if (method === 'GET') return send(200, { value: list.map(threadView), count: list.length });
      if (method === 'POST' && checked('GitPullRequestCommentThread')) {
        const comments = (body.comments as { content?: string; commentType?: string }[] | undefined) ?? [];
        if (comments.length === 0)
          return azureError(400, 'A thread must have at least one comment.', 'InvalidArgumentValueException');
        if (comments.some((c) => (c.content ?? '').length > MAX_CONTENT))
          return azureError(
            400,
            `The comment content exceeds ${MAX_CONTENT} characters.`,
            'InvalidArgumentValueException',
          );
        const thread: FakeAzureThread = {
          id: nextThread++,
          status: typeof body.status === 'string' ? body.status : 'unknown',
          comments: comments.map((c, i) => ({
            id: i + 1,
            content: c.content ?? '',
            commentType: 'text',
            author: 'acme Build Service (acme)',
          })),
        };
        list.push(thread);
        return send(200, threadView(thread));
      }
      return;
    }
    m = routes.comment.exec(url.pathname);
    if (m && method === 'PATCH') {
      const thread = threads.get(Number(m[1]))?.find((t) => t.id === Number(m![2]));
      const comment = thread?.comments.find((c) => c.id === Number(m![3]));
      if (!thread || !comment) return azureError(404, 'The comment was not found.', 'CommentNotFoundException');
      if (!checked('Comment')) return;
      if (typeof body.content === 'string') {
        if (body.content.length > MAX_CONTENT)
          return azureError(
            400,
            `The comment content exceeds ${MAX_CONTENT} characters.`,
            'InvalidArgumentValueException',
          );
        comment.content = body.content;
      }
      return send(200, commentView(comment));
    }
    const status = (list: FakeAzureStatus[], definition: string) => {
      if (method === 'GET') return send(200, { value: list.map((s, i) => statusView(s, i + 1)), count: list.length });
      if (method !== 'POST' || !checked(definition)) return;
      const context = body.context as { name?: string; genre?: string } | undefined;
      if (!context?.name)
        return azureError(400, 'The status context name cannot be null or empty.', 'InvalidArgumentValueException');
      const stored = { ...(body as unknown as FakeAzureStatus) };
      list.push(stored);
      return send(200, statusView(stored, nextStatus++));
    };
    m = routes.prStatuses.exec(url.pathname);
    if (m) {
      const list = pullRequestStatuses.get(Number(m[1]));
      if (!list)
        return azureError(
          404,
          'TF401180: The requested pull request was not found.',
          'GitPullRequestNotFoundException',
        );
      return status(list, 'GitPullRequestStatus');
    }
    m = routes.commitStatuses.exec(url.pathname);
    if (m) {
      if (!commitStatuses.has(m[1]!)) commitStatuses.set(m[1]!, []);
      return status(commitStatuses.get(m[1]!)!, 'GitStatus');
    }
    azureError(404, `The resource ${url.pathname} was not found.`, 'ResourceNotFoundException');
  };
  const server: Server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    collectionUri: `http://127.0.0.1:${port}/${options.organization}/`,
    threads,
    pullRequestStatuses,
    commitStatuses,
    requests,
    invalidBodies,
    schemes,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

function accessOf(header: string | undefined, tokens: Record<string, AzureAccess>): AzureAccess | undefined {
  const bearer = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  if (bearer) return tokens[bearer];
  const basic = /^Basic (.+)$/i.exec(header ?? '')?.[1];
  if (!basic) return undefined;
  const password = Buffer.from(basic, 'base64').toString('utf8').split(':').slice(1).join(':');
  return tokens[password];
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  if (text === '') return {};
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
