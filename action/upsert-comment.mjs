// Posts the plan as ONE pull-request comment per path, found again on the next push by a
// hidden marker and updated in place (never a new comment per push). Plain Node (fetch),
// no dependencies: it runs from the checked-out action, which has no node_modules.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** GitHub refuses comment bodies over 65,536 characters. */
export const MAX_COMMENT_CHARS = 65_000;
const MAX_PAGES = 50; // 5,000 comments: bounded, and far beyond any real pull request

export function markerFor(path) {
  return `<!-- monitors-plan:${path} -->`;
}

/** The comment text: marker first (invisible when rendered), body capped below GitHub's limit. */
export function commentBody(marker, markdown) {
  const room = MAX_COMMENT_CHARS - marker.length - 200;
  const text =
    markdown.length > room
      ? `${markdown.slice(0, room)}\n\n… (truncated: the full plan is in the job summary and log)`
      : markdown;
  return `${marker}\n${text}`;
}

/**
 * Finds the comment carrying `marker` on the issue/PR and PATCHes it, else POSTs a new one.
 * Returns {action: 'created' | 'updated', id, url}.
 */
export async function upsertComment({ apiUrl, token, repo, issueNumber, marker, markdown }) {
  const api = new GitHubApi(apiUrl, token);
  const body = commentBody(marker, markdown);
  const existing = await findMarkedComment(api, repo, issueNumber, marker);
  if (existing) {
    const updated = await api.request('PATCH', `/repos/${repo}/issues/comments/${existing.id}`, { body });
    return { action: 'updated', id: updated.id, url: updated.html_url };
  }
  const created = await api.request('POST', `/repos/${repo}/issues/${issueNumber}/comments`, { body });
  return { action: 'created', id: created.id, url: created.html_url };
}

async function findMarkedComment(api, repo, issueNumber, marker) {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const comments = await api.request(
      'GET',
      `/repos/${repo}/issues/${issueNumber}/comments?per_page=100&page=${page}`,
    );
    const found = comments.find((c) => typeof c.body === 'string' && c.body.startsWith(marker));
    if (found) return found;
    if (comments.length < 100) return undefined;
  }
  return undefined;
}

/** A GitHub REST client (fetch); `permission` is named in the message of a 403/404. */
export class GitHubApi {
  constructor(apiUrl, token, permission = 'pull-requests: write') {
    this.apiUrl = apiUrl.replace(/\/+$/, '');
    this.token = token;
    this.permission = permission;
  }

  async request(method, path, body) {
    const response = await fetch(`${this.apiUrl}${path}`, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${this.token}`,
        'x-github-api-version': '2022-11-28',
        'user-agent': 'monitors-action',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) {
      const hint =
        response.status === 403 || response.status === 404
          ? ` (does the job grant \`permissions: ${this.permission}\`?)`
          : '';
      throw new Error(
        `GitHub API ${method} ${path.split('?')[0]} failed: ${response.status} ${response.statusText}${hint}`,
      );
    }
    return response.json();
  }
}

/** The pull request number of the triggering event, or undefined outside pull requests. */
export function pullRequestNumber(eventPath) {
  if (!eventPath) return undefined;
  const event = JSON.parse(readFileSync(eventPath, 'utf8'));
  return event.pull_request?.number ?? (event.issue?.pull_request ? event.issue.number : undefined);
}

// CLI: node upsert-comment.mjs <path> <markdown-file>; GitHub context from the environment.
async function main(argv, env) {
  const [path, file] = argv;
  if (!path || !file) throw new Error('usage: upsert-comment.mjs <monitors path> <markdown file>');
  const issueNumber = pullRequestNumber(env.GITHUB_EVENT_PATH);
  if (issueNumber === undefined) {
    console.log('monitors: not a pull request event; no comment posted.');
    return;
  }
  if (!env.GITHUB_TOKEN) throw new Error('GITHUB_TOKEN is not set: pass `github-token` to the action');
  const result = await upsertComment({
    apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
    token: env.GITHUB_TOKEN,
    repo: env.GITHUB_REPOSITORY,
    issueNumber,
    marker: markerFor(path),
    markdown: readFileSync(file, 'utf8'),
  });
  console.log(`monitors: plan comment ${result.action} (${result.url ?? result.id}).`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2), process.env).catch((error) => {
    console.error(`::error::${error.message}`);
    process.exitCode = 1;
  });
}
