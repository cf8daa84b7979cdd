import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_COMMENT_CHARS, commentBody, markerFor, upsertComment } from '../../action/upsert-comment.mjs';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';

const REPO = 'acme/monitors-config';
const SCRIPT = fileURLToPath(new URL('../../action/upsert-comment.mjs', import.meta.url));

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

  it('runs as a script with the GitHub context from the environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'upsert-'));
    try {
      writeFileSync(join(dir, 'event.json'), JSON.stringify({ pull_request: { number: 42 } }));
      writeFileSync(join(dir, 'plan.md'), 'Plan: 0 to create, 1 to replace, 0 to delete.');
      const env = {
        PATH: process.env.PATH ?? '',
        GITHUB_API_URL: github.apiUrl,
        GITHUB_REPOSITORY: REPO,
        GITHUB_EVENT_PATH: join(dir, 'event.json'),
        GITHUB_TOKEN: 'ghs_x',
      };
      const first = await runScript(['monitors', join(dir, 'plan.md')], env);
      const second = await runScript(['monitors', join(dir, 'plan.md')], env);
      expect([first.code, second.code]).toEqual([0, 0]);
      expect(first.stdout).toContain('plan comment created');
      expect(second.stdout).toContain('plan comment updated');
      expect(github.comments.get(42)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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

function runScript(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
