// Stands in for a Bitbucket Data Center server's REST API (https://bitbucket.example.com/rest)
// in the tests of `monitors ci` against Data Center: the endpoints it uses, stateful, on
// 127.0.0.1, each request body checked against the shape Atlassian's REST documentation gives
// it (Data Center publishes no OpenAPI description that shared/ holds; bitbucket/dc-schemas.ts).
//   Authentication: `Authorization: Bearer <HTTP access token>`; none or unknown: 401.
//     Errors are {"errors": [{"context": null, "message": ..., "exceptionName": ...}]}.
//   Pages: `start`, `limit`; {size, limit, start, isLastPage, nextPageStart, values}.
//   Pull requests (/api/1.0/projects/{key}/repos/{slug}/pull-requests/{id}): GET activities
//     (newest first), POST comments {text} (under 32768 characters), PUT comments/{id}
//     {text, version} (409 when the version is not the comment's).
//   Builds: POST /api/1.0/projects/{key}/repos/{slug}/commits/{commit}/builds (same key overwrites);
//     with `legacyBuildStatus` (before 7.4), POST /build-status/1.0/commits/{commit} instead.
//   Code Insights (/insights/1.0/projects/{key}/repos/{slug}/commits/{commit}/reports/{key}):
//     PUT report; DELETE annotations; POST annotations {annotations: [...]} (1000 per report).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dcBodyChecker, type DcBody } from './bitbucket/dc-schemas.js';

export interface FakeDcComment {
  id: number;
  version: number;
  text: string;
  author: string;
}

export interface FakeBitbucketDc {
  /** http://127.0.0.1:<port>, for MONITORS_BITBUCKET_DC_URL. */
  serverUrl: string;
  comments: Map<number, FakeDcComment[]>;
  builds: Map<string, Map<string, Record<string, unknown>>>;
  reports: Map<string, Map<string, { body: Record<string, unknown>; annotations: Record<string, unknown>[] }>>;
  requests: string[];
  invalid: string[];
  options: FakeBitbucketDcOptions;
  close(): Promise<void>;
}

export interface FakeBitbucketDcOptions {
  project: string;
  slug: string;
  pullRequests: number[];
  tokens: string[];
  /** A server before 7.4: builds only through /rest/build-status/1.0/commits/{commit}. */
  legacyBuildStatus?: boolean;
}

export async function startFakeBitbucketDc(options: FakeBitbucketDcOptions): Promise<FakeBitbucketDc> {
  const checker = dcBodyChecker();
  const comments = new Map<number, FakeDcComment[]>(options.pullRequests.map((id) => [id, []]));
  const builds = new Map<string, Map<string, Record<string, unknown>>>();
  const reports: FakeBitbucketDc['reports'] = new Map();
  const requests: string[] = [];
  const invalid: string[] = [];
  let nextId = 300;
  const repo = `/projects/${options.project}/repos/${options.slug}`;
  const routes = {
    activities: new RegExp(`^/rest/api/1\\.0${repo}/pull-requests/(\\d+)/activities$`),
    comments: new RegExp(`^/rest/api/1\\.0${repo}/pull-requests/(\\d+)/comments$`),
    comment: new RegExp(`^/rest/api/1\\.0${repo}/pull-requests/(\\d+)/comments/(\\d+)$`),
    builds: new RegExp(`^/rest/api/1\\.0${repo}/commits/([0-9a-f]+)/builds$`),
    legacyBuilds: /^\/rest\/build-status\/1\.0\/commits\/([0-9a-f]+)$/,
    report: new RegExp(`^/rest/insights/1\\.0${repo}/commits/([0-9a-f]+)/reports/([^/]+)$`),
    annotations: new RegExp(`^/rest/insights/1\\.0${repo}/commits/([0-9a-f]+)/reports/([^/]+)/annotations$`),
  };
  const commentView = (c: FakeDcComment) => ({
    id: c.id,
    version: c.version,
    text: c.text,
    author: { name: c.author },
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    requests.push(`${method} ${url.pathname}${url.search}`);
    const send = (status: number, value?: unknown) =>
      void res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(value === undefined ? '' : JSON.stringify(value));
    const fail = (status: number, message: string, exceptionName: string | null = null) =>
      send(status, { errors: [{ context: null, message, exceptionName }] });
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token === undefined || !options.tokens.includes(token))
      return fail(
        401,
        'Authentication failed. Please check your credentials and try again.',
        'com.atlassian.bitbucket.auth.IncorrectPasswordAuthenticationException',
      );
    const body = method === 'GET' || method === 'DELETE' ? undefined : await readJson(req);
    const checked = (kind: DcBody): boolean => {
      const problems = body === null ? 'not JSON' : checker.check(kind, body);
      if (problems === undefined) return true;
      invalid.push(`${method} ${url.pathname}: ${problems}`);
      fail(400, problems);
      return false;
    };
    const text = () => (body as { text?: unknown }).text;

    let m = routes.activities.exec(url.pathname);
    if (m && method === 'GET') {
      const list = comments.get(Number(m[1]));
      if (!list) return fail(404, `Pull request ${m[1]} does not exist.`);
      const all = [
        ...list.map((c) => ({ id: c.id + 1, action: 'COMMENTED', commentAction: 'ADDED', comment: commentView(c) })),
        { id: 1, action: 'OPENED' },
      ].reverse();
      const start = Number(url.searchParams.get('start') ?? 0);
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 25));
      const values = all.slice(start, start + limit);
      const isLastPage = start + limit >= all.length;
      return send(200, {
        size: values.length,
        limit,
        start,
        isLastPage,
        values,
        ...(isLastPage ? {} : { nextPageStart: start + limit }),
      });
    }
    if ((m = routes.comments.exec(url.pathname)) && method === 'POST') {
      const list = comments.get(Number(m[1]));
      if (!list) return fail(404, `Pull request ${m[1]} does not exist.`);
      if (!checked('comment')) return;
      if (String(text()).length >= 32768) return fail(400, 'Please enter a non-empty value less than 32768 characters');
      const comment = { id: nextId++, version: 0, text: String(text()), author: 'monitors-bot' };
      list.push(comment);
      return send(201, commentView(comment));
    }
    if ((m = routes.comment.exec(url.pathname)) && method === 'PUT') {
      const comment = comments.get(Number(m[1]))?.find((c) => c.id === Number(m![2]));
      if (!comment) return fail(404, `Comment ${m[2]} does not exist.`);
      if (!checked('commentUpdate')) return;
      const { version } = body as { version: number };
      if (version !== comment.version)
        return fail(
          409,
          `You are attempting to modify a comment based on out-of-date information.`,
          'com.atlassian.bitbucket.comment.CommentOutOfDateException',
        );
      if (String(text()).length >= 32768) return fail(400, 'Please enter a non-empty value less than 32768 characters');
      comment.text = String(text());
      comment.version += 1;
      return send(200, commentView(comment));
    }
    m = options.legacyBuildStatus ? routes.legacyBuilds.exec(url.pathname) : routes.builds.exec(url.pathname);
    if (m && method === 'POST') {
      if (!checked('build')) return;
      const byKey = builds.get(m[1]!) ?? new Map<string, Record<string, unknown>>();
      builds.set(m[1]!, byKey);
      const build = body as Record<string, unknown>;
      byKey.set(String(build.key), build);
      return send(204);
    }
    if ((m = routes.annotations.exec(url.pathname))) {
      const report = reports.get(m[1]!)?.get(decodeURIComponent(m[2]!));
      if (!report) return fail(404, 'The report does not exist.');
      if (method === 'DELETE') return (report.annotations.splice(0), send(204));
      if (method === 'POST') {
        if (!checked('annotations')) return;
        report.annotations.push(...(body as { annotations: Record<string, unknown>[] }).annotations);
        if (report.annotations.length > 1000) return fail(400, 'A report cannot have more than 1000 annotations');
        return send(204);
      }
    }
    if ((m = routes.report.exec(url.pathname)) && method === 'PUT') {
      if (!checked('report')) return;
      const byKey = reports.get(m[1]!) ?? new Map();
      reports.set(m[1]!, byKey);
      byKey.set(decodeURIComponent(m[2]!), { body: body as Record<string, unknown>, annotations: [] });
      return send(200, { ...(body as object), key: decodeURIComponent(m[2]!) });
    }
    fail(404, `No such resource: ${method} ${url.pathname}`);
  };
  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    serverUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    comments,
    builds,
    reports,
    requests,
    invalid,
    options,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
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
