// Stands in for GitLab's REST API v4 (https://gitlab.example.com/api/v4) in the tests of
// `monitors ci` on GitLab CI: the endpoints it uses, with the request and response shapes of
// GitLab's documentation, on 127.0.0.1.
//   Authentication (https://docs.gitlab.com/api/rest/authentication/): a PRIVATE-TOKEN header or
//     `Authorization: Bearer <token>`; none or an unknown token: 401 {"message": "401 Unauthorized"}.
//     A CI/CD job token (JOB-TOKEN header, or CI_JOB_TOKEN as either of the above) is refused
//     on these endpoints (https://docs.gitlab.com/ci/jobs/ci_job_token/: notes and issues are
//     not among the endpoints a job token may use).
//   Notes (https://docs.gitlab.com/api/notes/): GET /projects/:id/merge_requests/:iid/notes
//     (sort, order_by), POST (body), PUT /projects/:id/merge_requests/:iid/notes/:note_id (body);
//     POST /projects/:id/issues/:iid/notes. A note is {id, body, author, created_at, updated_at,
//     system, noteable_id, noteable_iid, noteable_type, resolvable, confidential, internal};
//     system notes ("added 1 commit") are listed with the others.
//   Issues (https://docs.gitlab.com/api/issues/): GET /projects/:id/issues (state opened|closed|all,
//     labels comma-separated: issues with all of them), POST (title, description, labels
//     comma-separated), PUT /projects/:id/issues/:iid (title, description, labels,
//     state_event close|reopen). An issue is {id, iid, project_id, title, description,
//     state: opened|closed, labels: [names], web_url, created_at, updated_at, closed_at}.
//   Pagination (https://docs.gitlab.com/api/rest/#offset-based-pagination): page and per_page
//     (default 20, at most 100); headers X-Page, X-Per-Page, X-Next-Page and X-Prev-Page (empty
//     when there is none), X-Total and X-Total-Pages (left out above 10,000 items: `withoutTotals`),
//     and a Link header.
//   Errors: {"message": "404 Project Not Found"}, {"message": "403 Forbidden"}, {"error": "body is
//     missing"}, {"message": {"note": ["is too long (maximum is 1000000 characters)"]}}.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNote {
  id: number;
  body: string;
  system: boolean;
  author: { id: number; username: string };
}

export interface FakeIssue {
  id: number;
  iid: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed';
  labels: string[];
  notes: FakeNote[];
}

/** What a token may do: write (notes, issues), read only (a Guest, or a read_api token), or nothing (a job token). */
export type TokenAccess = 'write' | 'read';

export interface FakeGitLabOptions {
  projectId: number;
  projectPath: string;
  mergeRequests: number[];
  /** The tokens it knows; any other (a CI/CD job token among them) gets 401. */
  tokens: Record<string, TokenAccess>;
  /** Leave out X-Total and X-Total-Pages, as GitLab does above 10,000 items. */
  withoutTotals?: boolean;
  /** Labels of new issues are dropped (a token whose role may not set labels). */
  dropLabels?: boolean;
}

export interface FakeGitLab {
  /** http://127.0.0.1:<port> (CI_SERVER_URL) */
  serverUrl: string;
  /** http://127.0.0.1:<port>/api/v4 (CI_API_V4_URL) */
  apiUrl: string;
  notes: Map<number, FakeNote[]>;
  issues: Map<number, FakeIssue>;
  /** Every request as `METHOD path?query`. */
  requests: string[];
  options: FakeGitLabOptions;
  close(): Promise<void>;
}

const MAX_NOTE = 1_000_000;
const MAX_DESCRIPTION = 1_048_576;

export async function startFakeGitLab(options: FakeGitLabOptions): Promise<FakeGitLab> {
  const notes = new Map<number, FakeNote[]>(options.mergeRequests.map((iid) => [iid, []]));
  const issues = new Map<number, FakeIssue>();
  const requests: string[] = [];
  let nextId = 5000;
  let nextIid = 1;
  let base = '';
  const escaped = encodeURIComponent(options.projectPath).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const project = `/api/v4/projects/(?:${options.projectId}|${escaped})`;
  const route = (pattern: string) => new RegExp(`^${project}${pattern}$`);
  const routes = {
    mrNotes: route('/merge_requests/(\\d+)/notes'),
    mrNote: route('/merge_requests/(\\d+)/notes/(\\d+)'),
    issues: route('/issues'),
    issue: route('/issues/(\\d+)'),
    issueNotes: route('/issues/(\\d+)/notes'),
  };
  const issueView = (i: FakeIssue) => ({
    id: i.id,
    iid: i.iid,
    project_id: options.projectId,
    title: i.title,
    description: i.description,
    state: i.state,
    labels: i.labels,
    web_url: `${base}/${options.projectPath}/-/issues/${i.iid}`,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    closed_at: i.state === 'closed' ? '2026-01-02T00:00:00.000Z' : null,
  });
  const noteView = (n: FakeNote, noteable: { type: 'MergeRequest' | 'Issue'; iid: number }) => ({
    id: n.id,
    type: null,
    body: n.body,
    author: { ...n.author, name: n.author.username, state: 'active' },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    system: n.system,
    noteable_id: 900 + noteable.iid,
    noteable_type: noteable.type,
    noteable_iid: noteable.iid,
    resolvable: false,
    confidential: false,
    internal: false,
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const send = (status: number, value: unknown, headers: Record<string, string> = {}) =>
      void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
    const token =
      (req.headers['private-token'] as string | undefined) ??
      /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ??
      (req.headers['job-token'] as string | undefined);
    const access = token === undefined ? undefined : options.tokens[token];
    if (access === undefined) return send(401, { message: '401 Unauthorized' });
    const body = method === 'GET' ? {} : await readJson(req);
    if (body === undefined) return send(400, { error: 'The provided content-type is not supported.' });
    if (method !== 'GET' && access !== 'write') return send(403, { message: '403 Forbidden' });
    const page = <T>(all: T[]) => {
      const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 20)));
      const n = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const totalPages = Math.max(1, Math.ceil(all.length / perPage));
      const headers: Record<string, string> = {
        'x-page': String(n),
        'x-per-page': String(perPage),
        'x-next-page': n < totalPages ? String(n + 1) : '',
        'x-prev-page': n > 1 ? String(n - 1) : '',
      };
      if (!options.withoutTotals)
        Object.assign(headers, { 'x-total': String(all.length), 'x-total-pages': String(totalPages) });
      if (n < totalPages) {
        const next = new URL(url);
        next.searchParams.set('page', String(n + 1));
        headers.link = `<${base}${next.pathname}${next.search}>; rel="next"`;
      }
      send(200, all.slice((n - 1) * perPage, n * perPage), headers);
    };
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const tooLong = (value: string, max: number, field: string) =>
      value.length > max ? send(400, { message: { [field]: [`is too long (maximum is ${max} characters)`] } }) : false;

    let m = routes.mrNote.exec(url.pathname);
    if (m && method === 'PUT') {
      const note = notes.get(Number(m[1]))?.find((n) => n.id === Number(m![2]));
      if (!note) return send(404, { message: '404 Note Not Found' });
      const value = text(body.body);
      if (value === undefined) return send(400, { error: 'body is missing' });
      if (tooLong(value, MAX_NOTE, 'note') !== false) return;
      note.body = value;
      return send(200, noteView(note, { type: 'MergeRequest', iid: Number(m[1]) }));
    }
    m = routes.mrNotes.exec(url.pathname);
    if (m) {
      const list = notes.get(Number(m[1]));
      if (!list) return send(404, { message: '404 Not found' });
      if (method === 'GET') {
        const sorted = url.searchParams.get('sort') === 'asc' ? list : [...list].reverse(); // default: desc
        return page(sorted.map((n) => noteView(n, { type: 'MergeRequest', iid: Number(m![1]) })));
      }
      if (method === 'POST') {
        const value = text(body.body);
        if (value === undefined) return send(400, { error: 'body is missing' });
        if (tooLong(value, MAX_NOTE, 'note') !== false) return;
        const note: FakeNote = {
          id: nextId++,
          body: value,
          system: false,
          author: { id: 77, username: 'project_42_bot' },
        };
        list.push(note);
        return send(201, noteView(note, { type: 'MergeRequest', iid: Number(m[1]) }));
      }
    }
    m = routes.issueNotes.exec(url.pathname);
    if (m && method === 'POST') {
      const issue = issues.get(Number(m[1]));
      if (!issue) return send(404, { message: '404 Not found' });
      const value = text(body.body);
      if (value === undefined) return send(400, { error: 'body is missing' });
      const note: FakeNote = {
        id: nextId++,
        body: value,
        system: false,
        author: { id: 77, username: 'project_42_bot' },
      };
      issue.notes.push(note);
      return send(201, noteView(note, { type: 'Issue', iid: issue.iid }));
    }
    m = routes.issue.exec(url.pathname);
    if (m && method === 'PUT') {
      const issue = issues.get(Number(m[1]));
      if (!issue) return send(404, { message: '404 Not found' });
      if (body.title !== undefined) issue.title = text(body.title) ?? '';
      if (body.description !== undefined) {
        const value = text(body.description) ?? '';
        if (tooLong(value, MAX_DESCRIPTION, 'description') !== false) return;
        issue.description = value;
      }
      if (body.labels !== undefined) issue.labels = labelsOf(body.labels);
      if (body.state_event === 'close') issue.state = 'closed';
      if (body.state_event === 'reopen') issue.state = 'opened';
      return send(200, issueView(issue));
    }
    if (routes.issues.test(url.pathname)) {
      if (method === 'GET') {
        const state = url.searchParams.get('state') ?? 'all';
        const wanted = labelsOf(url.searchParams.get('labels') ?? '');
        const all = [...issues.values()]
          .filter((i) => state === 'all' || i.state === state)
          .filter((i) => wanted.every((l) => i.labels.includes(l)))
          .sort((a, b) => b.iid - a.iid); // created_at desc, the default order
        return page(all.map(issueView));
      }
      if (method === 'POST') {
        const title = text(body.title);
        if (!title) return send(400, { error: 'title is missing' });
        const description = text(body.description) ?? null;
        if (description !== null && tooLong(description, MAX_DESCRIPTION, 'description') !== false) return;
        const issue: FakeIssue = {
          id: nextId++,
          iid: nextIid++,
          title,
          description,
          state: 'opened',
          labels: options.dropLabels ? [] : labelsOf(body.labels ?? ''),
          notes: [],
        };
        issues.set(issue.iid, issue);
        return send(201, issueView(issue));
      }
    }
    if (!new RegExp(`^${project}(/|$)`).test(url.pathname)) return send(404, { message: '404 Project Not Found' });
    send(404, { error: '404 Not Found' });
  };
  const server: Server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    serverUrl: base,
    apiUrl: `${base}/api/v4`,
    notes,
    issues,
    requests,
    options,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/**
 * The predefined CI/CD variables of a job of the fake's project
 * (https://docs.gitlab.com/ci/variables/predefined_variables/): the kind of pipeline, and on a
 * merge request pipeline the merge request (`mergeRequestIid`), else the default branch.
 */
export function gitlabJobVariables(
  gitlab: FakeGitLab,
  source: 'merge_request_event' | 'push' | 'schedule',
  mergeRequestIid = 7,
): Record<string, string> {
  const project = `${gitlab.serverUrl}/${gitlab.options.projectPath}`;
  return {
    CI: 'true',
    GITLAB_CI: 'true',
    CI_SERVER_URL: gitlab.serverUrl,
    CI_API_V4_URL: gitlab.apiUrl,
    CI_PROJECT_ID: String(gitlab.options.projectId),
    CI_PROJECT_PATH: gitlab.options.projectPath,
    CI_PROJECT_URL: project,
    CI_PIPELINE_SOURCE: source,
    CI_PIPELINE_URL: `${project}/-/pipelines/1001`,
    CI_DEFAULT_BRANCH: 'main',
    ...(source === 'merge_request_event'
      ? {
          CI_MERGE_REQUEST_IID: String(mergeRequestIid),
          CI_MERGE_REQUEST_PROJECT_ID: String(gitlab.options.projectId),
          CI_MERGE_REQUEST_PROJECT_URL: project,
        }
      : { CI_COMMIT_BRANCH: 'main' }),
  };
}

function labelsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(String) : String(value).split(',');
  return list.map((l) => l.trim()).filter(Boolean);
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
