// Stands in for Bitbucket Cloud's REST API 2.0 (https://api.bitbucket.org/2.0) in the tests of
// `monitors ci` in Bitbucket Pipelines: the endpoints it uses, stateful, on 127.0.0.1, every
// request body checked against the schema of Bitbucket's OpenAPI description
// (bitbucket/cloud-schemas.ts; a body that does not match is answered 400 and kept in `invalid`).
//   Authentication: `Authorization: Bearer <access token>`; none or unknown: 401; a read-only
//     token writing: 403. Errors are {"type": "error", "error": {"message": ...}}.
//   Pages: `pagelen` (default 10, at most 100) and `page`; {size, page, pagelen, next, values},
//     `next` a full URL, left out on the last page.
//   Pull request comments: GET|POST .../pullrequests/{id}/comments, PUT .../comments/{comment_id}.
//   Build statuses: POST .../commit/{commit}/statuses/build (the same key overwrites).
//   Code Insights: PUT .../commit/{commit}/reports/{reportId}, POST .../reports/{reportId}/annotations
//     (an array of at most 100, at most 1000 per report; the same external_id overwrites).
//   Issues (only with `issueTracker`; else 404 "Repository has no issue tracker."): GET .../issues
//     (q: `state="..." OR state="..."`), POST, PUT .../issues/{id}, POST .../issues/{id}/comments.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cloudBodyChecker, type CloudBody } from './bitbucket/cloud-schemas.js';

export interface FakeComment {
  id: number;
  raw: string;
  author: string;
  deleted?: boolean;
}
export interface FakeIssue {
  id: number;
  title: string;
  raw: string;
  state: string;
  comments: string[];
}
export interface FakeReport {
  body: Record<string, unknown>;
  annotations: Map<string, Record<string, unknown>>;
}

export interface FakeBitbucketCloudOptions {
  workspace: string;
  slug: string;
  pullRequests: number[];
  tokens: Record<string, 'write' | 'read'>;
  issueTracker: boolean;
}

export interface FakeBitbucketCloud {
  /** http://127.0.0.1:<port>/2.0, for MONITORS_CI_API_URL. */
  apiUrl: string;
  comments: Map<number, FakeComment[]>;
  /** By commit, then key. */
  statuses: Map<string, Map<string, Record<string, unknown>>>;
  /** By commit, then report id. */
  reports: Map<string, Map<string, FakeReport>>;
  issues: Map<number, FakeIssue>;
  /** Every request as `METHOD path?query`. */
  requests: string[];
  /** Bodies the schema refused: `METHOD path: problems`. */
  invalid: string[];
  options: FakeBitbucketCloudOptions;
  close(): Promise<void>;
}

const TOKEN_USER = 'monitors-bot';
const at = '2026-01-01T00:00:00+00:00';

export async function startFakeBitbucketCloud(options: FakeBitbucketCloudOptions): Promise<FakeBitbucketCloud> {
  const checker = cloudBodyChecker();
  const state = {
    comments: new Map<number, FakeComment[]>(options.pullRequests.map((id) => [id, []])),
    statuses: new Map<string, Map<string, Record<string, unknown>>>(),
    reports: new Map<string, Map<string, FakeReport>>(),
    issues: new Map<number, FakeIssue>(),
    requests: [] as string[],
    invalid: [] as string[],
  };
  let nextId = 9000;
  let base = '';
  const repo = `/2.0/repositories/(?:${escape(options.workspace)})/(?:${escape(options.slug)})`;
  const route = (pattern: string) => new RegExp(`^${repo}${pattern}$`);
  const routes = {
    comments: route('/pullrequests/(\\d+)/comments'),
    comment: route('/pullrequests/(\\d+)/comments/(\\d+)'),
    status: route('/commit/([0-9a-f]+)/statuses/build'),
    report: route('/commit/([0-9a-f]+)/reports/([^/]+)'),
    annotations: route('/commit/([0-9a-f]+)/reports/([^/]+)/annotations'),
    issues: route('/issues'),
    issue: route('/issues/(\\d+)'),
    issueComments: route('/issues/(\\d+)/comments'),
  };
  const web = (path: string) => `https://bitbucket.org/${options.workspace}/${options.slug}${path}`;
  const commentView = (c: FakeComment, pr: number) => ({
    type: 'pullrequest_comment',
    id: c.id,
    created_on: at,
    updated_on: at,
    content: { raw: c.raw, markup: 'markdown', html: '' },
    user: { type: 'user', display_name: c.author, uuid: `{${c.author}}` },
    deleted: c.deleted ?? false,
    links: { html: { href: web(`/pull-requests/${pr}#comment-${c.id}`) } },
  });
  const issueView = (i: FakeIssue) => ({
    type: 'issue',
    id: i.id,
    title: i.title,
    content: { raw: i.raw, markup: 'markdown', html: '' },
    state: i.state,
    kind: 'task',
    links: { html: { href: web(`/issues/${i.id}`) } },
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    state.requests.push(`${method} ${url.pathname}${url.search}`);
    const send = (status: number, value?: unknown) =>
      void res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(value === undefined ? '' : JSON.stringify(value));
    const fail = (status: number, message: string) => send(status, { type: 'error', error: { message } });
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const access = token === undefined ? undefined : options.tokens[token];
    if (access === undefined) return fail(401, 'Token is invalid, expired, or not supported for this endpoint.');
    const body = method === 'GET' || method === 'DELETE' ? undefined : await readJson(req);
    if (method !== 'GET' && access !== 'write')
      return fail(403, 'Your credentials lack one or more required privilege scopes.');
    const checked = (kind: CloudBody): boolean => {
      const problems = body === null ? 'not JSON' : checker.check(kind, body);
      if (problems === undefined) return true;
      state.invalid.push(`${method} ${url.pathname}: ${problems}`);
      fail(400, `Bad request: ${problems}`);
      return false;
    };
    const page = <T>(all: T[]) => {
      const pagelen = Math.min(100, Math.max(1, Number(url.searchParams.get('pagelen') ?? 10)));
      const n = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const more = n * pagelen < all.length;
      const next = new URL(`${base}${url.pathname}${url.search}`);
      next.searchParams.set('page', String(n + 1));
      send(200, {
        size: all.length,
        page: n,
        pagelen,
        values: all.slice((n - 1) * pagelen, n * pagelen),
        ...(more ? { next: next.href } : {}),
      });
    };
    const raw = () => (body as { content?: { raw?: unknown } }).content?.raw;

    let m = routes.comment.exec(url.pathname);
    if (m && method === 'PUT') {
      const comment = state.comments.get(Number(m[1]))?.find((c) => c.id === Number(m![2]));
      if (!comment || comment.deleted) return fail(404, 'No such comment');
      if (comment.author !== TOKEN_USER) return fail(403, 'You can only edit your own comments.');
      if (!checked('pullrequest_comment')) return;
      if (typeof raw() !== 'string') return fail(400, 'content.raw: This field is required.');
      comment.raw = raw() as string;
      return send(200, commentView(comment, Number(m[1])));
    }
    if ((m = routes.comments.exec(url.pathname))) {
      const list = state.comments.get(Number(m[1]));
      if (!list) return fail(404, 'No such pull request');
      if (method === 'GET') return page(list.map((c) => commentView(c, Number(m![1]))));
      if (method === 'POST') {
        if (!checked('pullrequest_comment')) return;
        if (typeof raw() !== 'string' || raw() === '') return fail(400, 'content.raw: This field is required.');
        const comment: FakeComment = { id: nextId++, raw: raw() as string, author: TOKEN_USER };
        list.push(comment);
        return send(201, commentView(comment, Number(m[1])));
      }
    }
    if ((m = routes.status.exec(url.pathname)) && method === 'POST') {
      if (!checked('commitstatus')) return;
      const status = body as Record<string, unknown>;
      if (typeof status.url !== 'string') return fail(400, 'url: This field is required.');
      const byKey = state.statuses.get(m[1]!) ?? new Map<string, Record<string, unknown>>();
      state.statuses.set(m[1]!, byKey);
      byKey.set(String(status.key), status);
      return send(201, { ...status, type: 'build', created_on: at, updated_on: at });
    }
    if ((m = routes.annotations.exec(url.pathname)) && method === 'POST') {
      const report = state.reports.get(m[1]!)?.get(decodeURIComponent(m[2]!));
      if (!report) return fail(404, 'Report not found.');
      if (!checked('report_annotation[]')) return;
      const list = body as Record<string, unknown>[];
      if (list.length > 100) return fail(400, 'A maximum of 100 annotations can be created per request.');
      for (const a of list) {
        if (typeof a.summary === 'string' && a.summary.length > 450)
          return fail(400, 'The summary field cannot contain more than 450 characters.');
        report.annotations.set(typeof a.external_id === 'string' ? a.external_id : String(nextId++), a);
      }
      if (report.annotations.size > 1000) return fail(400, 'A report cannot have more than 1000 annotations.');
      return send(
        200,
        list.map((a) => ({ ...a, uuid: `{${nextId++}}` })),
      );
    }
    if ((m = routes.report.exec(url.pathname)) && method === 'PUT') {
      if (!checked('report')) return;
      const byId = state.reports.get(m[1]!) ?? new Map<string, FakeReport>();
      state.reports.set(m[1]!, byId);
      const id = decodeURIComponent(m[2]!);
      byId.set(id, { body: body as Record<string, unknown>, annotations: byId.get(id)?.annotations ?? new Map() });
      return send(200, { ...(body as object), uuid: `{${id}}` });
    }
    if (
      routes.issues.test(url.pathname) ||
      routes.issue.test(url.pathname) ||
      routes.issueComments.test(url.pathname)
    ) {
      if (!options.issueTracker) return fail(404, 'Repository has no issue tracker.');
      return issueRoutes();
    }
    if (!new RegExp(`^${repo}(/|$)`).test(url.pathname)) return fail(404, 'Repository not found');
    return fail(404, 'Resource not found');

    function issueRoutes(): void {
      let n = routes.issueComments.exec(url.pathname);
      if (n && method === 'POST') {
        const issue = state.issues.get(Number(n[1]));
        if (!issue) return fail(404, 'No such issue');
        if (!checked('issue_comment')) return;
        issue.comments.push(String(raw()));
        return send(201, { type: 'issue_comment', id: nextId++, content: { raw: raw() } });
      }
      n = routes.issue.exec(url.pathname);
      if (n && method === 'PUT') {
        const issue = state.issues.get(Number(n[1]));
        if (!issue) return fail(404, 'No such issue');
        if (!checked('issue')) return;
        const change = body as { title?: string; state?: string };
        if (change.title !== undefined) issue.title = change.title;
        if (raw() !== undefined) issue.raw = String(raw());
        if (change.state !== undefined) issue.state = change.state;
        return send(200, issueView(issue));
      }
      if (routes.issues.test(url.pathname) && method === 'GET') {
        const q = url.searchParams.get('q');
        const wanted = q === null ? undefined : parseStates(q);
        if (wanted === null) return fail(400, `Invalid query: ${q}`);
        const all = [...state.issues.values()].filter((i) => !wanted || wanted.includes(i.state));
        return page(all.map(issueView));
      }
      if (routes.issues.test(url.pathname) && method === 'POST') {
        if (!checked('issue')) return;
        const title = (body as { title?: unknown }).title;
        if (typeof title !== 'string' || !title) return fail(400, 'title: This field is required.');
        const issue: FakeIssue = {
          id: state.issues.size + 1,
          title,
          raw: typeof raw() === 'string' ? (raw() as string) : '',
          state: 'new',
          comments: [],
        };
        state.issues.set(issue.id, issue);
        return send(201, issueView(issue));
      }
      fail(405, 'Method not allowed');
    }
  };
  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: `${base}/2.0`,
    ...state,
    options,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** BBQL's `state="new" OR state="open"`: the states, or null when the query is another. */
function parseStates(q: string): string[] | null {
  const parts = q.split(/\s+OR\s+/);
  const states = parts.map((p) => /^\(?\s*state\s*=\s*"([^"]*)"\s*\)?$/.exec(p.trim())?.[1]);
  return states.every((s): s is string => s !== undefined) ? states : null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
