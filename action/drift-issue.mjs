// Drift on a schedule: while the live monitors differ from the YAML, ONE open GitHub issue
// per path holds the Markdown plan. It is found again by a hidden marker (like the plan
// comment), updated by every run that finds drift, and closed with a comment by the first
// run that finds none. Plain Node (fetch), no dependencies.
import { GitHubApi, commentBody } from './upsert-comment.mjs';

export const DEFAULT_DRIFT_LABEL = 'monitors-drift';
const PERMISSION = 'issues: write';
const MAX_PAGES = 50; // 5,000 open issues per search: bounded

export function driftMarkerFor(path) {
  return `<!-- monitors-drift:${path} -->`;
}

export function driftTitle(path) {
  return `Monitors drift: the live monitors differ from ${path}`;
}

/** The issue text: marker, what this is and what to do, then the plan. */
export function driftBody({ path, planMarkdown, runUrl, now = new Date() }) {
  const run = runUrl ? ` ([workflow run](${runUrl}))` : '';
  const intro = [
    `### Drift: the live monitors differ from \`${path}\``,
    '',
    `The scheduled drift check on ${now.toISOString()}${run} planned against the live workspace and found changes.`,
    'Apply the YAML (merge to main, or `monitors apply`) to put the server back, or change the YAML to match the server.',
    'Each run that finds drift updates this issue; the first run that finds none closes it.',
    '',
  ].join('\n');
  return commentBody(driftMarkerFor(path), `${intro}\n${planMarkdown}`);
}

/**
 * The open issue carrying the marker. Searched by label first (one request as a rule), then
 * among all open issues: GitHub silently drops the labels of a new issue when the token may
 * not set them, and the issue must still be found rather than opened twice.
 */
export async function findDriftIssue(api, repo, path, label) {
  const marker = driftMarkerFor(path);
  const filters = label ? [`&labels=${encodeURIComponent(label)}`, ''] : [''];
  for (const filter of filters) {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const issues = await api.request('GET', `/repos/${repo}/issues?state=open&per_page=100&page=${page}${filter}`);
      const found = issues.find((i) => !i.pull_request && typeof i.body === 'string' && i.body.startsWith(marker));
      if (found) return found;
      if (issues.length < 100) break;
    }
  }
  return undefined;
}

/** Drift found: update the open issue, or open one. Returns {action: 'opened' | 'updated', number, url}. */
export async function reportDrift({
  apiUrl,
  token,
  repo,
  path,
  label = DEFAULT_DRIFT_LABEL,
  planMarkdown,
  runUrl,
  now,
}) {
  const api = new GitHubApi(apiUrl, token, PERMISSION);
  const body = driftBody({ path, planMarkdown, runUrl, now });
  const existing = await findDriftIssue(api, repo, path, label);
  if (existing) {
    const updated = await api.request('PATCH', `/repos/${repo}/issues/${existing.number}`, {
      title: driftTitle(path),
      body,
    });
    return { action: 'updated', number: updated.number, url: updated.html_url };
  }
  const created = await api.request('POST', `/repos/${repo}/issues`, {
    title: driftTitle(path),
    body,
    ...(label ? { labels: [label] } : {}),
  });
  return { action: 'opened', number: created.number, url: created.html_url };
}

/** No drift: close the open issue with a comment saying so. Returns {action: 'closed', number, url} or {action: 'none'}. */
export async function closeDrift({ apiUrl, token, repo, path, label = DEFAULT_DRIFT_LABEL, runUrl, now = new Date() }) {
  const api = new GitHubApi(apiUrl, token, PERMISSION);
  const existing = await findDriftIssue(api, repo, path, label);
  if (!existing) return { action: 'none' };
  const run = runUrl ? ` ([workflow run](${runUrl}))` : '';
  await api.request('POST', `/repos/${repo}/issues/${existing.number}/comments`, {
    body: `No drift any more: the scheduled check on ${now.toISOString()}${run} found the live monitors equal to \`${path}\`. Closing.`,
  });
  const closed = await api.request('PATCH', `/repos/${repo}/issues/${existing.number}`, {
    state: 'closed',
    state_reason: 'completed',
  });
  return { action: 'closed', number: closed.number, url: closed.html_url };
}
