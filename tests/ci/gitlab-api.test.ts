// GitLab's API as src/ci/gitlab.ts uses it, against the fake GitLab (tests/helpers/fake-gitlab.ts):
// the note found again beyond the first page by following X-Next-Page alone (GitLab leaves
// out the totals above 10,000 items), system notes and other people's notes left alone, and
// the drift issue found again when GitLab dropped its label, never opened twice.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDrift, gitAuthEnv, reportDrift, upsertNote } from '../../src/ci/gitlab.js';
import { planMarker } from '../../src/ci/markers.js';
import { startFakeGitLab, type FakeGitLab } from '../helpers/fake-gitlab.js';

const TOKEN = 'glpat-test';

describe('the merge request note', () => {
  let gitlab: FakeGitLab;
  beforeEach(async () => {
    gitlab = await startFakeGitLab({
      projectId: 42,
      projectPath: 'acme/monitors',
      mergeRequests: [7],
      tokens: { [TOKEN]: 'write' },
      withoutTotals: true,
    });
  });
  afterEach(async () => {
    await gitlab.close();
  });

  const post = (markdown: string, path = 'monitors') =>
    upsertNote({
      apiUrl: gitlab.apiUrl,
      token: TOKEN,
      project: '42',
      mergeRequestIid: '7',
      marker: planMarker(path),
      markdown,
      whereFull: 'the job log',
    });

  it('is found beyond the first page by X-Next-Page alone, and updated in place', async () => {
    const others = Array.from({ length: 230 }, (_, i) => ({
      id: i + 1,
      body: i % 3 === 0 ? `${planMarker('monitors')} quoted in a system note` : `comment ${i}`,
      system: i % 3 === 0,
      author: { id: 3, username: 'alice' },
    }));
    gitlab.notes.get(7)!.push(...others, {
      id: 900,
      body: `${planMarker('monitors')}\nold plan`,
      system: false,
      author: { id: 77, username: 'project_42_bot' },
    });
    expect(await post('new plan')).toEqual({ action: 'updated', id: 900 });
    expect(gitlab.requests).toEqual([
      'GET /api/v4/projects/42/merge_requests/7/notes?sort=asc&order_by=created_at&per_page=100&page=1',
      'GET /api/v4/projects/42/merge_requests/7/notes?sort=asc&order_by=created_at&per_page=100&page=2',
      'GET /api/v4/projects/42/merge_requests/7/notes?sort=asc&order_by=created_at&per_page=100&page=3',
      'PUT /api/v4/projects/42/merge_requests/7/notes/900',
    ]);
    expect(gitlab.notes.get(7)!.at(-1)!.body).toBe(`${planMarker('monitors')}\nnew plan`);
    expect(gitlab.notes.get(7)!.filter((n) => n.body.includes('quoted in a system note'))).toHaveLength(77);
  });

  it('is one per path, and says what GitLab answered when the project is not there', async () => {
    await post('prod', 'monitors/prod');
    await post('staging', 'monitors/staging');
    await post('prod v2', 'monitors/prod');
    expect(gitlab.notes.get(7)!.map((n) => n.body)).toEqual([
      `${planMarker('monitors/prod')}\nprod v2`,
      `${planMarker('monitors/staging')}\nstaging`,
    ]);
    await expect(
      upsertNote({
        apiUrl: gitlab.apiUrl,
        token: TOKEN,
        project: '43',
        mergeRequestIid: '7',
        marker: 'm',
        markdown: 'x',
        whereFull: '',
      }),
    ).rejects.toThrow(
      'GitLab API GET /projects/43/merge_requests/7/notes failed: 404 Not Found: 404 Project Not Found (the project or merge request was not found, or the token in MONITORS_GITLAB_TOKEN cannot see it)',
    );
  });
});

describe('the drift issue', () => {
  let gitlab: FakeGitLab;
  beforeEach(async () => {
    gitlab = await startFakeGitLab({
      projectId: 42,
      projectPath: 'acme/monitors',
      mergeRequests: [],
      tokens: { [TOKEN]: 'write' },
      dropLabels: true, // a token whose role may not set labels: GitLab drops them silently
    });
  });
  afterEach(async () => {
    await gitlab.close();
  });

  const target = { token: TOKEN, project: 'acme/monitors', path: 'monitors', label: 'monitors-drift', whereFull: '' };

  it('is found again without its label, by the project path too, and never opened twice', async () => {
    const first = await reportDrift({ ...target, apiUrl: gitlab.apiUrl, planMarkdown: 'plan 1' });
    expect(first).toMatchObject({ action: 'opened', iid: 1 });
    expect(gitlab.issues.get(1)!.labels).toEqual([]);
    const second = await reportDrift({ ...target, apiUrl: gitlab.apiUrl, planMarkdown: 'plan 2' });
    expect(second).toMatchObject({ action: 'updated', iid: 1 });
    expect(gitlab.issues.size).toBe(1);
    expect(gitlab.issues.get(1)!.description).toContain('plan 2');
    // Searched by label first, then among all open issues.
    expect(gitlab.requests.filter((r) => r.startsWith('GET')).slice(-2)).toEqual([
      'GET /api/v4/projects/acme%2Fmonitors/issues?state=opened&labels=monitors-drift&per_page=100&page=1',
      'GET /api/v4/projects/acme%2Fmonitors/issues?state=opened&per_page=100&page=1',
    ]);
    expect(await closeDrift({ ...target, apiUrl: gitlab.apiUrl })).toMatchObject({ action: 'closed', iid: 1 });
    expect(gitlab.issues.get(1)!.state).toBe('closed');
    expect(await closeDrift({ ...target, apiUrl: gitlab.apiUrl })).toEqual({ action: 'none' });
  });
});

describe("git's credentials for a lock branch on GitLab", () => {
  it('go to git as an HTTP header through GIT_CONFIG_* variables, after the ones the job set', () => {
    expect(gitAuthEnv({ MONITORS_GITLAB_TOKEN: 'glpat-x', CI_SERVER_URL: 'https://gitlab.example.com/' })).toEqual({
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'http.https://gitlab.example.com/.extraheader',
      GIT_CONFIG_VALUE_0: `Authorization: Basic ${Buffer.from('oauth2:glpat-x').toString('base64')}`,
    });
    expect(
      gitAuthEnv({
        MONITORS_GITLAB_TOKEN: 'glpat-x',
        CI_SERVER_URL: 'https://gitlab.example.com',
        GIT_CONFIG_COUNT: '2',
      }),
    ).toMatchObject({ GIT_CONFIG_COUNT: '3', GIT_CONFIG_KEY_2: 'http.https://gitlab.example.com/.extraheader' });
    expect(gitAuthEnv({ CI_SERVER_URL: 'https://gitlab.example.com' })).toEqual({});
  });
});
