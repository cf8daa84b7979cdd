// The pull-request comment of `monitors ci plan` on GitHub (src/ci/github.ts), against the
// fake GitHub API: one comment per path, found again by its marker, beyond the first page.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GITHUB_MAX_BODY, upsertComment } from '../../src/ci/github.js';
import { markedBody, planMarker as markerFor } from '../../src/ci/markers.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

const REPO = 'acme/monitors-config';
const MAX_COMMENT_CHARS = GITHUB_MAX_BODY;
const commentBody = (marker: string, markdown: string) =>
  markedBody(marker, markdown, GITHUB_MAX_BODY, 'the job summary and log');

describe('upsertComment against a fake GitHub API', () => {
  let github: FakeGitHub;
  beforeEach(async () => {
    github = await startFakeGitHub(REPO);
  });
  afterEach(async () => {
    await github.close();
  });

  const post = (path: string, markdown: string) =>
    upsertComment({
      apiUrl: github.apiUrl,
      token: 'ghs_test',
      repo: REPO,
      issueNumber: 7,
      marker: markerFor(path),
      markdown,
    });

  it('creates the comment the first time and updates that same comment afterwards', async () => {
    github.comments.set(7, [{ id: 1, body: 'LGTM', html_url: 'x' }]);
    expect((await post('monitors', 'Plan: 1 to create')).action).toBe('created');
    const second = await post('monitors', 'Plan: 2 to create');
    expect(second.action).toBe('updated');
    const comments = github.comments.get(7)!;
    expect(comments).toHaveLength(2);
    expect(comments[1]).toMatchObject({ id: second.id, body: '<!-- monitors-plan:monitors -->\nPlan: 2 to create' });
    expect(comments[0]!.body).toBe('LGTM');
    expect(github.auth.every((a) => a === 'Bearer ghs_test')).toBe(true);
  });

  it('keeps one comment per path', async () => {
    await post('monitors/prod', 'prod plan');
    await post('monitors/staging', 'staging plan');
    await post('monitors/prod', 'prod plan v2');
    expect(github.comments.get(7)!.map((c) => c.body)).toEqual([
      '<!-- monitors-plan:monitors/prod -->\nprod plan v2',
      '<!-- monitors-plan:monitors/staging -->\nstaging plan',
    ]);
  });

  it('finds its comment beyond the first page of comments', async () => {
    const others = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, body: `comment ${i}`, html_url: 'x' }));
    github.comments.set(7, [...others, { id: 500, body: `${markerFor('monitors')}\nold plan`, html_url: 'x' }]);
    const result = await post('monitors', 'new plan');
    expect(result).toMatchObject({ action: 'updated', id: 500 });
    expect(github.requests.filter((r) => r.startsWith('GET'))).toEqual([
      `GET /repos/${REPO}/issues/7/comments?per_page=100&page=1`,
      `GET /repos/${REPO}/issues/7/comments?per_page=100&page=2`,
    ]);
  });

  it('says which permission is missing when GitHub refuses', async () => {
    await expect(
      upsertComment({
        apiUrl: github.apiUrl,
        token: 't',
        repo: 'other/repo',
        issueNumber: 7,
        marker: markerFor('m'),
        markdown: 'x',
      }),
    ).rejects.toThrow(/404.*pull-requests: write/);
  });
});

describe('commentBody', () => {
  it('stays below GitHub’s limit and says when it cut', () => {
    const body = commentBody(markerFor('m'), 'x'.repeat(100_000));
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(body).toMatch(/truncated: the full plan is in the job summary/);
    expect(commentBody(markerFor('m'), 'short')).toBe('<!-- monitors-plan:m -->\nshort');
  });
});
