// GitLab CI: on a merge request pipeline, ONE note per path on the merge request holding the
// plan, found again by a hidden marker and updated on every push; on a schedule, ONE issue per
// path while the live monitors drift, closed by the first run that finds none; the report in
// files for the job's artifacts (report-files.ts). The API is GitLab's REST API v4 at
// CI_API_V4_URL, with a project (or group) access token in MONITORS_GITLAB_TOKEN: CI_JOB_TOKEN
// cannot write notes or issues. A note or an issue that cannot be written fails the job.
import { requestJson } from './http-json.js';
import { driftBody, driftMarker, driftTitle, markedBody, noDriftText, planMarker } from './markers.js';
import type { CiOptions } from './options.js';
import type { CiProvider, DriftToTrack, PlanToPublish } from './provider.js';
import { reportFiles } from './report-files.js';
import { findMarked, findMarkedLabelFirst, startsWithMarker, type Page } from './sticky.js';

export const TOKEN_VARIABLE = 'MONITORS_GITLAB_TOKEN';
/** GitLab refuses notes over 1,000,000 characters (issue descriptions: 1,048,576). */
export const GITLAB_MAX_BODY = 1_000_000;
const PER_PAGE = 100;

interface Note {
  id: number;
  body?: string;
  system?: boolean;
}

interface Issue {
  iid: number;
  description?: string | null;
  web_url?: string;
}

const HINTS: Record<number, string> = {
  401: `${TOKEN_VARIABLE} is not a valid token (expired or revoked?)`,
  403: `the token in ${TOKEN_VARIABLE} may not do this: it needs the api scope and at least the Reporter role in the project`,
  404: `the project or merge request was not found, or the token in ${TOKEN_VARIABLE} cannot see it`,
};

/** GitLab's REST API v4; offset pagination read from the X-Next-Page header. */
export class GitLabApi {
  private readonly apiUrl: string;
  constructor(
    apiUrl: string,
    private readonly token: string,
  ) {
    this.apiUrl = apiUrl.replace(/\/+$/, '');
  }

  private async call(method: string, path: string, body?: unknown) {
    return requestJson(
      {
        method,
        url: `${this.apiUrl}${path}`,
        headers: { 'private-token': this.token, accept: 'application/json', 'user-agent': 'monitors-ci' },
        body,
      },
      (status, detail) => {
        const hint = HINTS[status];
        return `GitLab API ${method} ${path.split('?')[0]} failed: ${detail}${hint ? ` (${hint})` : ''}`;
      },
    );
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await this.call(method, path, body)).json as T;
  }

  async page<T>(path: string, n: number): Promise<Page<T>> {
    const answer = await this.call('GET', `${path}${path.includes('?') ? '&' : '?'}per_page=${PER_PAGE}&page=${n}`);
    const items = Array.isArray(answer.json) ? (answer.json as T[]) : [];
    // X-Next-Page is empty on the last page; X-Total-Pages is left out above 10,000 items.
    const next = Number.parseInt(answer.headers.get('x-next-page') ?? '', 10);
    return { items, next: Number.isInteger(next) && next > n ? next : undefined };
  }
}

export interface GitLabProject {
  apiUrl: string;
  token: string;
  /** The project's id (or URL-encoded path). */
  project: string;
}

const projectPath = (project: string) => `/projects/${encodeURIComponent(project)}`;

/** Finds the note carrying the marker on the merge request and updates it, else creates one. */
export async function upsertNote(
  target: GitLabProject & { mergeRequestIid: string; marker: string; markdown: string; whereFull: string },
): Promise<{ action: 'created' | 'updated'; id: number }> {
  const api = new GitLabApi(target.apiUrl, target.token);
  const notes = `${projectPath(target.project)}/merge_requests/${encodeURIComponent(target.mergeRequestIid)}/notes`;
  const body = markedBody(target.marker, target.markdown, GITLAB_MAX_BODY, target.whereFull);
  const existing = await findMarked(
    (n) => api.page<Note>(`${notes}?sort=asc&order_by=created_at`, n),
    (note) => !note.system && startsWithMarker(note.body, target.marker),
  );
  if (existing) {
    const updated = await api.request<Note>('PUT', `${notes}/${existing.id}`, { body });
    return { action: 'updated', id: updated.id };
  }
  const created = await api.request<Note>('POST', notes, { body });
  return { action: 'created', id: created.id };
}

/** The open issue carrying the drift marker. */
export async function findDriftIssue(
  api: GitLabApi,
  project: string,
  path: string,
  label: string,
): Promise<Issue | undefined> {
  const marker = driftMarker(path);
  return findMarkedLabelFirst(
    label,
    (labels, n) => api.page<Issue>(`${projectPath(project)}/issues?state=opened${labels}`, n),
    (issue) => startsWithMarker(issue.description, marker),
  );
}

export interface DriftIssueTarget extends GitLabProject {
  path: string;
  label: string;
  runUrl?: string;
  whereFull: string;
  now?: Date;
}

export async function reportDrift(
  target: DriftIssueTarget & { planMarkdown: string },
): Promise<{ action: 'opened' | 'updated'; iid: number; url?: string }> {
  const api = new GitLabApi(target.apiUrl, target.token);
  const description = driftBody({
    path: target.path,
    planMarkdown: target.planMarkdown,
    runName: 'pipeline',
    maxChars: GITLAB_MAX_BODY,
    whereFull: target.whereFull,
    ...(target.runUrl ? { runUrl: target.runUrl } : {}),
    ...(target.now ? { now: target.now } : {}),
  });
  const issues = `${projectPath(target.project)}/issues`;
  const existing = await findDriftIssue(api, target.project, target.path, target.label);
  const issue = existing
    ? await api.request<Issue>('PUT', `${issues}/${existing.iid}`, { title: driftTitle(target.path), description })
    : await api.request<Issue>('POST', issues, {
        title: driftTitle(target.path),
        description,
        ...(target.label ? { labels: target.label } : {}),
      });
  return { action: existing ? 'updated' : 'opened', iid: issue.iid, ...(issue.web_url ? { url: issue.web_url } : {}) };
}

export async function closeDrift(
  target: DriftIssueTarget,
): Promise<{ action: 'closed'; iid: number; url?: string } | { action: 'none' }> {
  const api = new GitLabApi(target.apiUrl, target.token);
  const existing = await findDriftIssue(api, target.project, target.path, target.label);
  if (!existing) return { action: 'none' };
  const issue = `${projectPath(target.project)}/issues/${existing.iid}`;
  await api.request('POST', `${issue}/notes`, {
    body: noDriftText(target.path, 'pipeline', target.runUrl, target.now),
  });
  const closed = await api.request<Issue>('PUT', issue, { state_event: 'close' });
  return { action: 'closed', iid: closed.iid, ...(closed.web_url ? { url: closed.web_url } : {}) };
}

/**
 * git's credentials for the lock branch: the token as an HTTP header for this GitLab server,
 * given to git through GIT_CONFIG_COUNT / GIT_CONFIG_KEY_n / GIT_CONFIG_VALUE_n (git 2.31+),
 * so that it is never on a command line, in a remote URL git may print, or in any output.
 */
export function gitAuthEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const token = env[TOKEN_VARIABLE];
  const server = env.CI_SERVER_URL?.replace(/\/+$/, '');
  if (!token || !server) return {};
  const n = Number.parseInt(env.GIT_CONFIG_COUNT ?? '0', 10) || 0;
  const credentials = Buffer.from(`oauth2:${token}`).toString('base64');
  return {
    GIT_CONFIG_COUNT: String(n + 1),
    [`GIT_CONFIG_KEY_${n}`]: `http.${server}/.extraheader`,
    [`GIT_CONFIG_VALUE_${n}`]: `Authorization: Basic ${credentials}`,
  };
}

/** Who commits the lock record: the user the pipeline runs for (push rules may require a known author). */
function identity(env: NodeJS.ProcessEnv): Record<string, string> {
  const name = env.GITLAB_USER_NAME;
  const email = env.GITLAB_USER_EMAIL;
  if (!name || !email) return {};
  return { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
}

export function gitlabProvider(env: NodeJS.ProcessEnv, options: CiOptions): CiProvider {
  const files = reportFiles(options.reportDir);
  const print = (line: string) => void process.stdout.write(`${line}\n`);
  const whereFull = `the job log and ${files.reportPath} (the job's artifacts)`;
  const token = env[TOKEN_VARIABLE] ?? '';
  const apiUrl = env.CI_API_V4_URL ?? `${env.CI_SERVER_URL ?? ''}/api/v4`;
  let sections = 0;
  const noToken = (what: string) =>
    `No ${TOKEN_VARIABLE}: the ${what} cannot be written. CI_JOB_TOKEN cannot write notes or issues through the API: create a project access token (Settings > Access tokens; scope api, role Reporter, or Developer to push a lock branch) and store it as the masked CI/CD variable ${TOKEN_VARIABLE} (docs/ci.md)`;
  return {
    name: 'gitlab',
    changeName: 'merge request',
    error: (message) => print(`ERROR: ${message}`),
    warning: (message) => print(`WARNING: ${message}`),
    info: print,
    group(title) {
      sections += 1;
      print(
        `\u001b[0Ksection_start:${Math.floor(Date.now() / 1000)}:monitors_${sections}[collapsed=true]\r\u001b[0K${title}`,
      );
    },
    endGroup: () => print(`\u001b[0Ksection_end:${Math.floor(Date.now() / 1000)}:monitors_${sections}\r\u001b[0K`),
    // Not CI_JOB_TOKEN: git may need it (a runner's credential helper reads it from the environment).
    secretNames: [TOKEN_VARIABLE],
    lockBranchEnv: () => ({ ...identity(env), ...gitAuthEnv(env) }),
    writeReport(markdown, counts) {
      files.writeReport(markdown, counts);
      print(`monitors: the report is in ${files.reportPath}.`);
    },
    writeOutputs: (outputs) => files.writeOutputs(outputs),
    machineReports: ['codequality', 'junit'],
    writeMachineReport(kind, file, content) {
      const path = files.writeFile(file, content);
      print(
        `monitors: the ${kind === 'junit' ? 'JUnit' : 'Code Quality'} report is in ${path} (artifacts:reports:${kind}).`,
      );
    },
    async publishPlan(plan: PlanToPublish) {
      const mergeRequestIid = env.CI_MERGE_REQUEST_IID;
      if (!mergeRequestIid) return (print('monitors: not a merge request pipeline; no plan note.'), true);
      try {
        if (!token) throw new Error(noToken('plan note'));
        const result = await upsertNote({
          apiUrl,
          token,
          // The merge request lives in the target project (a fork's pipeline runs in the fork).
          project: env.CI_MERGE_REQUEST_PROJECT_ID ?? env.CI_PROJECT_ID ?? '',
          mergeRequestIid,
          marker: planMarker(plan.path),
          markdown: plan.markdown,
          whereFull,
        });
        const url = env.CI_MERGE_REQUEST_PROJECT_URL ?? env.CI_PROJECT_URL;
        print(
          `monitors: plan note ${result.action}${url ? ` (${url}/-/merge_requests/${mergeRequestIid}#note_${result.id})` : ''}.`,
        );
        return true;
      } catch (error) {
        print(`ERROR: The plan note was not posted: ${(error as Error).message}. The plan is in ${files.reportPath}.`);
        return false;
      }
    },
    async trackDrift(drift: DriftToTrack) {
      const runUrl = env.CI_PIPELINE_URL;
      const target = {
        apiUrl,
        token,
        project: env.CI_PROJECT_ID ?? '',
        path: drift.path,
        label: drift.label,
        whereFull,
        ...(runUrl ? { runUrl } : {}),
      };
      try {
        if (!token) throw new Error(noToken('drift issue'));
        const result = drift.drift
          ? await reportDrift({ ...target, planMarkdown: drift.planMarkdown })
          : await closeDrift(target);
        if (result.action === 'none') print('monitors: no drift, and no drift issue open.');
        else {
          print(`monitors: drift issue #${result.iid} ${result.action}${result.url ? ` (${result.url})` : ''}.`);
          files.addOutput('MONITORS_DRIFT_ISSUE', String(result.iid));
        }
        return 0;
      } catch (error) {
        const what = drift.drift ? 'opened or updated' : 'closed';
        print(
          `ERROR: The drift issue could not be ${what}: ${(error as Error).message}. The plan is in ${files.reportPath}.`,
        );
        return 1;
      }
    },
  };
}
