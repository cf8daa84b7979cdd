// Stands in for a GitLab server's Git over HTTPS in the tests of the lock branch under GitLab
// CI: git's own smart-HTTP server (`git http-backend`, run as a CGI program for each request,
// https://git-scm.com/docs/git-http-backend) on 127.0.0.1, with GitLab's rules for who may do
// what (https://docs.gitlab.com/ci/jobs/ci_job_token/, https://docs.gitlab.com/user/project/settings/project_access_tokens/):
//   - HTTP Basic authentication, any user name, the token as the password; none: 401 with a
//     Basic challenge, as GitLab answers;
//   - the CI/CD job token (user gitlab-ci-token) may fetch, and may push only when the project
//     allows it (`jobTokenMayPush`, the "Allow Git push requests to the repository" setting);
//   - a project access token with write_repository (or api) may fetch and push.
// It records every Authorization it was sent, so a test can say which credentials git used.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHttpServer {
  /** http://127.0.0.1:<port> (CI_SERVER_URL); repositories under it by their path in `root`. */
  url: string;
  /** The user:password pairs of every authenticated request. */
  credentials: string[];
  close(): Promise<void>;
}

export interface GitHttpOptions {
  /** The folder whose bare repositories are served (GIT_PROJECT_ROOT). */
  root: string;
  jobToken: string;
  /** Project access tokens that may push. */
  pushTokens: string[];
  jobTokenMayPush?: boolean;
}

export async function startGitHttpServer(options: GitHttpOptions): Promise<GitHttpServer> {
  const credentials: string[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const pushing =
      url.pathname.endsWith('/git-receive-pack') || url.searchParams.get('service') === 'git-receive-pack';
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const pair = basic ? Buffer.from(basic, 'base64').toString('utf8') : undefined;
    if (pair !== undefined) credentials.push(pair);
    const password = pair?.slice(pair.indexOf(':') + 1);
    const isJob = password === options.jobToken;
    const isProject = password !== undefined && options.pushTokens.includes(password);
    if (!isJob && !isProject) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="GitLab"', 'content-type': 'text/plain' });
      return void res.end('HTTP Basic: Access denied\n');
    }
    if (pushing && isJob && !options.jobTokenMayPush) {
      res.writeHead(403, { 'content-type': 'text/plain' });
      return void res.end('You are not allowed to push code to this project.\n');
    }
    const cgi = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH ?? '',
        GIT_PROJECT_ROOT: options.root,
        GIT_HTTP_EXPORT_ALL: '1',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_USER: 'authenticated', // receive-pack is served only to an authenticated user
        REMOTE_ADDR: '127.0.0.1',
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
        ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (d: Buffer) => chunks.push(d));
    cgi.on('close', () => {
      const out = Buffer.concat(chunks);
      const end = out.indexOf('\r\n\r\n') >= 0 ? out.indexOf('\r\n\r\n') : out.indexOf('\n\n');
      const sep = out.indexOf('\r\n\r\n') >= 0 ? 4 : 2;
      const head = out.subarray(0, end).toString('utf8');
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      res.writeHead(status, headers).end(out.subarray(end + sep));
    });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
