// Stands in for GitHub's REST API (api.github.com) in the tests of `monitors ci` on GitHub
// Actions and of the Action: the endpoints it uses, with the request and response shapes of
// GitHub's documentation, on 127.0.0.1.
//   Issue comments (https://docs.github.com/en/rest/issues/comments): GET and POST
//     /repos/{owner}/{repo}/issues/{issue_number}/comments, PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}
//   Issues (https://docs.github.com/en/rest/issues/issues): GET /repos/{owner}/{repo}/issues
//     (state, labels; pull requests are listed too, with a pull_request key), POST, PATCH (title,
//     body, state, state_reason)
//   Pagination (https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api):
//     per_page (default 30, at most 100) and page, with a Link header naming the next page
//   Errors: {"message": ..., "documentation_url": ...}; 403 "Resource not accessible by
//     integration" for a token without the permission (readOnly below), 404 "Not Found".
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeComment {
  id: number;
  body: string;
  html_url: string;
}

export interface FakeIssue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  state_reason: string | null;
  labels: { name: string }[];
  html_url: string;
  /** Present on pull requests, which GitHub lists among the issues. */
  pull_request?: { url: string };
}

export interface FakeGitHub {
  apiUrl: string;
  /** Comments per issue number. */
  comments: Map<number, FakeComment[]>;
  /** Issues (and pull requests) by number. */
  issues: Map<number, FakeIssue>;
  /** Every request as `METHOD path`. */
  requests: string[];
  /** Authorization headers seen. */
  auth: string[];
  /** When true, writes answer 403 as GitHub does for a read-only token (a pull request from a fork). */
  readOnly: boolean;
  close(): Promise<void>;
}

/** A tiny model of GitHub's issue and issue-comment endpoints on 127.0.0.1 (list pages, create, update). */
export async function startFakeGitHub(repo: string): Promise<FakeGitHub> {
  const comments = new Map<number, FakeComment[]>();
  const issues = new Map<number, FakeIssue>();
  let nextNumber = 100;
  const requests: string[] = [];
  const auth: string[] = [];
  let nextId = 1000;
  const state = { readOnly: false };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<unknown> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    auth.push(req.headers.authorization ?? '');
    const send = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      res
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
        .end(JSON.stringify(value));
    const sendPage = <T>(all: T[]) => {
      const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
      const page = Number(url.searchParams.get('page') ?? 1);
      const last = Math.max(1, Math.ceil(all.length / perPage));
      const link = (n: number, rel: string) => {
        const next = new URL(url);
        next.searchParams.set('page', String(n));
        return `<http://127.0.0.1${next.pathname}${next.search}>; rel="${rel}"`;
      };
      const links = page < last ? [link(page + 1, 'next'), link(last, 'last')] : [];
      return send(200, all.slice((page - 1) * perPage, page * perPage), links.length ? { link: links.join(', ') } : {});
    };
    const list = url.pathname.match(new RegExp(`^/repos/${repo}/issues/(\\d+)/comments$`));
    const one = url.pathname.match(new RegExp(`^/repos/${repo}/issues/comments/(\\d+)$`));
    if (state.readOnly && req.method !== 'GET')
      return send(403, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest',
        status: '403',
      });
    if (list && req.method === 'GET') {
      return sendPage(comments.get(Number(list[1])) ?? []);
    }
    if (list && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as { body: string };
      const comment = {
        id: nextId++,
        body: body.body,
        html_url: `https://github.test/${repo}/pull/${list[1]}#c${nextId}`,
      };
      comments.set(Number(list[1]), [...(comments.get(Number(list[1])) ?? []), comment]);
      return send(201, comment);
    }
    const issueList = url.pathname === `/repos/${repo}/issues`;
    const issue = url.pathname.match(new RegExp(`^/repos/${repo}/issues/(\\d+)$`));
    if (issueList && req.method === 'GET') {
      const label = url.searchParams.get('labels');
      const state = url.searchParams.get('state') ?? 'open';
      const all = [...issues.values()].filter(
        (i) => (state === 'all' || i.state === state) && (!label || i.labels.some((l) => l.name === label)),
      );
      return sendPage(all);
    }
    if (issueList && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as { title: string; body: string; labels?: string[] };
      const number = nextNumber++;
      const created: FakeIssue = {
        number,
        title: body.title,
        body: body.body,
        state: 'open',
        state_reason: null,
        labels: (body.labels ?? []).map((name) => ({ name })),
        html_url: `https://github.test/${repo}/issues/${number}`,
      };
      issues.set(number, created);
      return send(201, created);
    }
    if (issue && req.method === 'PATCH') {
      const found = issues.get(Number(issue[1]));
      if (!found) return send(404, { message: 'Not Found' });
      Object.assign(found, JSON.parse(await readBody(req)) as Partial<FakeIssue>);
      return send(200, found);
    }
    if (one && req.method === 'PATCH') {
      const found = [...comments.values()].flat().find((c) => c.id === Number(one[1]));
      if (!found) return send(404, { message: 'Not Found' });
      found.body = (JSON.parse(await readBody(req)) as { body: string }).body;
      return send(200, found);
    }
    send(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
  };
  // A handler that throws drops the connection: the CLI under test sees it, never a hang.
  const server: Server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    comments,
    issues,
    requests,
    auth,
    get readOnly() {
      return state.readOnly;
    },
    set readOnly(value: boolean) {
      state.readOnly = value;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}
