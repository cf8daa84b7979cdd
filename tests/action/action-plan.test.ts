// The action's plan step end to end: the built CLI against the simulator, the plan posted
// to a fake GitHub API as one comment that the next push updates, summary and outputs.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';
import { pullRequestEnv, runActionProcess } from './action-process.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

const REPO = 'acme/monitors-config';
const EXAMPLE = fileURLToPath(new URL('../../examples/shop', import.meta.url));
const SECRETS = { SHOP_API_TOKEN: 'demo-shop-token', SHOP_ADMIN_PASSWORD: 'demo-admin-password' };

let sim: SimProcess;
let github: FakeGitHub;
let workspace: string;
let env: Record<string, string>;

beforeAll(async () => {
  [sim, github] = await Promise.all([startSimProcess(), startFakeGitHub(REPO)]);
  workspace = mkdtempSync(join(tmpdir(), 'action-plan-'));
  cpSync(EXAMPLE, join(workspace, 'monitors'), { recursive: true });
  env = { ...SECRETS, ...pullRequestEnv(workspace, github.apiUrl, REPO, 12), MONITORS_API_TOKEN: sim.token };
});

afterAll(async () => {
  await Promise.all([sim.stop(), github.close()]);
  rmSync(workspace, { recursive: true, force: true });
});

describe('the action running plan on a pull request', () => {
  const inputs = () => ({
    command: 'plan',
    path: 'monitors',
    'api-url': sim.baseUrl,
    'github-token': 'ghs_fake',
    comment: 'true',
  });

  it('posts the plan as one comment, then updates that comment on the next push', async () => {
    const first = await runActionProcess(inputs(), env);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(readFileSync(env.GITHUB_OUTPUT!, 'utf8')).toBe('changes=true\nexit-code=2\n');
    expect(first.stdout).toContain('monitors: plan comment created');
    const comments = github.comments.get(12)!;
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toMatch(
      /^<!-- monitors-plan:monitors -->\n#### monitors plan `monitors`\n\n\*\*Plan: \d+ to create, 0 to update, 0 to delete\.\*\*/,
    );
    expect(readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8')).toContain(comments[0]!.body.split('\n').slice(1).join('\n'));

    const file = join(workspace, 'monitors', 'storefront.yaml');
    writeFileSync(
      file,
      `${readFileSync(file, 'utf8')}\n  - name: "shop: careers page"\n    type: http\n    url: https://shop.example.com/careers\n`,
    );
    const second = await runActionProcess(inputs(), env);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain('monitors: plan comment updated');
    expect(github.comments.get(12)).toHaveLength(1);
    expect(github.comments.get(12)![0]!.body).toContain('shop: careers page');
    expect(github.auth.every((a) => a === 'Bearer ghs_fake')).toBe(true);
    for (const secret of [...Object.values(SECRETS), sim.token, 'ghs_fake'])
      expect(github.comments.get(12)![0]!.body).not.toContain(secret);
  });

  it('puts a failed plan in the comment instead of leaving an old plan there', async () => {
    const file = join(workspace, 'monitors', 'storefront.yaml');
    writeFileSync(
      file,
      `${readFileSync(file, 'utf8')}\n  - name: "broken"\n    type: http\n    url: https://shop.example.com/x\n    retry_count: 99\n`,
    );
    const run = await runActionProcess(inputs(), env);
    expect(run.code).toBe(1);
    const body = github.comments.get(12)![0]!.body;
    expect(body).toMatch(/^<!-- monitors-plan:monitors -->\n#### monitors plan `monitors`: failed \(exit 1\)/);
    expect(body).toContain('retry_count');
    expect(run.stderr).toMatch(/^::error file=monitors\/storefront\.yaml,line=\d+/m);
  });

  it('with a read-only token (a pull request from a fork) still puts the plan in the summary and succeeds, warning about the comment', async () => {
    const file = join(workspace, 'monitors', 'storefront.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/\n {2}- name: "broken"[\s\S]*$/, '\n'));
    github.readOnly = true;
    try {
      const before = github.comments.get(12)![0]!.body;
      const summaryBefore = readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8').length;
      const run = await runActionProcess(inputs(), env);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^::warning::The plan comment was not posted: GitHub API (POST|PATCH) .* 403/m);
      expect(readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8').slice(summaryBefore)).toMatch(
        /^#### monitors plan `monitors`\n\n\*\*Plan: /,
      );
      expect(github.comments.get(12)![0]!.body).toBe(before);
    } finally {
      github.readOnly = false;
    }
  });
});
