// Stands in for Gitea's REST API v1 (Forgejo keeps the same routes) in the tests of `monitors
// ci` on Gitea and Forgejo Actions, on 127.0.0.1, written from Gitea's swagger
// (../shared/git-host-apis/gitea-v1.json, an excerpt of go-gitea/gitea
// templates/swagger/v1_json.tmpl): every request body is validated against its operation's
// schema, and refused with 422 when it does not fit.
//   Issue comments: GET /repos/{owner}/{repo}/issues/{index}/comments (one list, not paginated),
//     POST (CreateIssueCommentOption), PATCH /repos/{owner}/{repo}/issues/comments/{id}
//     (EditIssueCommentOption). A pull request is an issue: its comments live there.
//   Commit statuses: GET and POST /repos/{owner}/{repo}/statuses/{sha} (CreateStatusOption;
//     state pending|success|error|failure|warning).
//   Not in the excerpt, from the same swagger (its definitions transcribed below): GET
//     /repos/{owner}/{repo} (has_issues), GET /repos/{owner}/{repo}/issues (state, type
//     issues|pulls, labels: comma-separated names, page, limit), POST (CreateIssueOption:
//     labels are label ids), PATCH /repos/{owner}/{repo}/issues/{index} (EditIssueOption),
//     GET /repos/{owner}/{repo}/labels.
//   Authentication: `Authorization: token <token>` (or Bearer); none or an unknown token: 401
//     {"message": "..."}; a read-only token writing: 403 {"message": "..."}.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bodyValidator } from './host-api-schemas.js';

// go-gitea/gitea templates/swagger/v1_json.tmpl, definitions CreateIssueOption and EditIssueOption (not in the excerpt).
const ISSUE_DEFINITIONS = {
  CreateIssueOption: {
    type: 'object',
    required: ['title'],
    properties: {
      assignee: { type: 'string' },
      assignees: { type: 'array', items: { type: 'string' } },
      body: { type: 'string' },
      closed: { type: 'boolean' },
      due_date: { type: 'string', format: 'date-time' },
      labels: { type: 'array', items: { type: 'integer', format: 'int64' } },
      milestone: { type: 'integer', format: 'int64' },
      ref: { type: 'string' },
      title: { type: 'string' },
    },
  },
  EditIssueOption: {
    type: 'object',
    properties: {
      assignee: { type: 'string' },
      assignees: { type: 'array', items: { type: 'string' } },
      body: { type: 'string' },
      due_date: { type: 'string', format: 'date-time' },
      milestone: { type: 'integer', format: 'int64' },
      ref: { type: 'string' },
      state: { type: 'string' },
      title: { type: 'string' },
      unset_due_date: { type: 'boolean' },
    },
  },
};
const validator = bodyValidator('gitea-v1.json', ISSUE_DEFINITIONS);

export interface FakeGiteaComment {
  id: number;
  body: string;
  user: string;
}

export interface FakeGiteaIssue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  labels: string[];
  isPull: boolean;
  comments: FakeGiteaComment[];
}

export interface FakeGiteaStatus {
  state: string;
  context: string;
  description: string;
  target_url?: string;
}

export interface FakeGitea {
  /** http://127.0.0.1:<port> (GITHUB_SERVER_URL) */
  serverUrl: string;
  issues: Map<number, FakeGiteaIssue>;
  statuses: Map<string, FakeGiteaStatus[]>;
  labels: { id: number; name: string }[];
  requests: string[];
  invalidBodies: string[];
  /** Turn the repository's issue tracker off or on. */
  setHasIssues(on: boolean): void;
  close(): Promise<void>;
}

export async function startFakeGitea(options: {
  repo: string;
  pullRequests: number[];
  tokens: Record<string, 'write' | 'read'>;
  labels?: string[];
}): Promise<FakeGitea> {
  const issues = new Map<number, FakeGiteaIssue>(
    options.pullRequests.map((n) => [
      n,
      { number: n, title: `PR ${n}`, body: '', state: 'open', labels: [], isPull: true, comments: [] },
    ]),
  );
  const statuses = new Map<string, FakeGiteaStatus[]>();
  const labels = (options.labels ?? []).map((name, i) => ({ id: 11 + i, name }));
  const requests: string[] = [];
  const invalidBodies: string[] = [];
  let hasIssues = true;
  let nextComment = 9000;
  let base = '';
  const repo = `^/api/v1/repos/${options.repo}`;
  const route = (pattern: string) => new RegExp(`${repo}${pattern}$`);
  const routes = {
    repo: route(''),
    issueComments: route('/issues/(\\d+)/comments'),
    comment: route('/issues/comments/(\\d+)'),
    statuses: route('/statuses/([0-9a-f]{40})'),
    issues: route('/issues'),
    issue: route('/issues/(\\d+)'),
    labels: route('/labels'),
  };
  const nextNumber = () => Math.max(0, ...issues.keys()) + 1;
  const commentView = (c: FakeGiteaComment, index: number) => ({
    id: c.id,
    body: c.body,
    user: { id: 1, login: c.user },
    html_url: `${base}/${options.repo}/pulls/${index}#issuecomment-${c.id}`,
    issue_url: `${base}/${options.repo}/issues/${index}`,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  });
  const issueView = (i: FakeGiteaIssue) => ({
    id: 500 + i.number,
    number: i.number,
    title: i.title,
    body: i.body,
    state: i.state,
    labels: i.labels.map((name) => labels.find((l) => l.name === name) ?? { id: 0, name }),
    html_url: `${base}/${options.repo}/issues/${i.number}`,
    pull_request: i.isPull ? { merged: false, html_url: `${base}/${options.repo}/pulls/${i.number}` } : null,
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const send = (status: number, value: unknown) =>
      void res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(value));
    const token = /^(?:token|Bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const access = token === undefined ? undefined : options.tokens[token];
    if (access === undefined)
      return send(401, { message: 'user does not exist [uid: 0, name: ]', url: `${base}/api/swagger` });
    const body = method === 'GET' ? {} : await readJson(req);
    if (body === undefined) return send(422, { message: 'invalid JSON' });
    if (method !== 'GET' && access !== 'write')
      return send(403, { message: 'user should have a permission to write to a repo', url: `${base}/api/swagger` });
    const checked = (definition: string) => {
      const errors = validator.errors(definition, body);
      if (errors.length === 0) return true;
      invalidBodies.push(...errors);
      send(422, { message: `[${definition}]: ${errors.join('; ')}` });
      return false;
    };
    const page = <T>(all: T[]) => {
      const limit = Math.min(50, Math.max(1, Number(url.searchParams.get('limit') ?? 30)));
      const n = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      return send(200, all.slice((n - 1) * limit, n * limit));
    };

    if (routes.repo.test(url.pathname) && method === 'GET')
      return send(200, {
        id: 1,
        full_name: options.repo,
        has_issues: hasIssues,
        has_pull_requests: true,
        external_tracker: null,
      });
    let m = routes.issueComments.exec(url.pathname);
    if (m) {
      const issue = issues.get(Number(m[1]));
      if (!issue) return send(404, { message: 'issue does not exist' });
      if (method === 'GET')
        return send(
          200,
          issue.comments.map((c) => commentView(c, issue.number)),
        );
      if (method === 'POST' && checked('CreateIssueCommentOption')) {
        const comment = { id: nextComment++, body: String(body.body), user: 'gitea-actions' };
        issue.comments.push(comment);
        return send(201, commentView(comment, issue.number));
      }
      return;
    }
    m = routes.comment.exec(url.pathname);
    if (m && method === 'PATCH') {
      for (const issue of issues.values()) {
        const comment = issue.comments.find((c) => c.id === Number(m![1]));
        if (!comment) continue;
        if (!checked('EditIssueCommentOption')) return;
        comment.body = String(body.body);
        return send(200, commentView(comment, issue.number));
      }
      return send(404, { message: 'comment does not exist' });
    }
    m = routes.statuses.exec(url.pathname);
    if (m) {
      const list = statuses.get(m[1]!) ?? [];
      if (method === 'GET')
        return send(
          200,
          list.map((s, i) => ({ id: i + 1, status: s.state, ...s })),
        );
      if (method === 'POST' && checked('CreateStatusOption')) {
        const status = {
          state: String(body.state),
          context: text(body.context) ?? 'default',
          description: text(body.description) ?? '',
          ...(body.target_url ? { target_url: text(body.target_url) } : {}),
        };
        statuses.set(m[1]!, [...list, status]);
        return send(201, { id: list.length + 1, status: status.state, ...status });
      }
      return;
    }
    if (routes.labels.test(url.pathname) && method === 'GET')
      return page(labels.map((l) => ({ ...l, color: 'e11d21' })));
    if (!hasIssues && (routes.issues.test(url.pathname) || routes.issue.test(url.pathname)))
      return send(404, { message: 'repo has no issues unit' });
    if (routes.issues.test(url.pathname)) {
      if (method === 'GET') {
        const state = url.searchParams.get('state') ?? 'open';
        const type = url.searchParams.get('type');
        const wanted = (url.searchParams.get('labels') ?? '').split(',').filter(Boolean);
        const all = [...issues.values()]
          .filter((i) => state === 'all' || i.state === state)
          .filter((i) => (type === 'issues' ? !i.isPull : type === 'pulls' ? i.isPull : true))
          .filter((i) => wanted.every((l) => i.labels.includes(l)))
          .sort((a, b) => b.number - a.number);
        return page(all.map(issueView));
      }
      if (method === 'POST' && checked('CreateIssueOption')) {
        const ids = (body.labels as number[] | undefined) ?? [];
        const unknown = ids.find((id) => !labels.some((l) => l.id === id));
        if (unknown !== undefined) return send(422, { message: `label ${unknown} does not exist` });
        const issue: FakeGiteaIssue = {
          number: nextNumber(),
          title: String(body.title),
          body: text(body.body) ?? '',
          state: 'open',
          labels: ids.map((id) => labels.find((l) => l.id === id)!.name),
          isPull: false,
          comments: [],
        };
        issues.set(issue.number, issue);
        return send(201, issueView(issue));
      }
      return;
    }
    m = routes.issue.exec(url.pathname);
    if (m && method === 'PATCH') {
      const issue = issues.get(Number(m[1]));
      if (!issue) return send(404, { message: 'issue does not exist' });
      if (!checked('EditIssueOption')) return;
      if (typeof body.title === 'string') issue.title = body.title;
      if (typeof body.body === 'string') issue.body = body.body;
      if (body.state === 'closed' || body.state === 'open') issue.state = body.state;
      return send(201, issueView(issue));
    }
    send(404, { message: "The target couldn't be found.", errors: [] });
  };
  const server: Server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    serverUrl: base,
    issues,
    statuses,
    labels,
    requests,
    invalidBodies,
    setHasIssues: (on) => void (hasIssues = on),
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  if (text === '') return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
