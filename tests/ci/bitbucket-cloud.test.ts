// `monitors ci` in Bitbucket Pipelines end to end: the built CLI as a process with the
// variables Pipelines sets, against the simulator and the fake Bitbucket Cloud API
// (tests/helpers/fake-bitbucket-cloud.ts, which checks every request body against
// Bitbucket's OpenAPI description). A pull request gets ONE comment, edited on every push,
// and a build status on its commit; validate's and the policy's findings become a Code
// Insights report annotated on the diff; drift is ONE issue, opened, updated and resolved;
// a refused token is named, never shown.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelinesVariables } from '../helpers/bitbucket/pipelines-variables.js';
import { startFakeBitbucketCloud, type FakeBitbucketCloud } from '../helpers/fake-bitbucket-cloud.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/shop', import.meta.url));
const SECRETS = { SHOP_API_TOKEN: 'demo-shop-token-SENTINEL', SHOP_ADMIN_PASSWORD: 'demo-admin-password-SENTINEL' };
const WRITE_TOKEN = 'ATCTT3xFfGN0-repository-token-SENTINEL';
const READ_TOKEN = 'ATCTT3xFfGN0-read-only-SENTINEL';
const PR_COMMIT = '3f786850e387550fdab836ed7e6dc881de23001b';
const MAIN_COMMIT = '89e6c98d92887913cadf06b2adb97f26cde4849b';
const MARKER = '[](#monitors-plan:monitors)';

let sim: SimProcess;
let bitbucket: FakeBitbucketCloud;
let workspace: string;

beforeAll(async () => {
  [sim, bitbucket] = await Promise.all([
    startSimProcess(),
    startFakeBitbucketCloud({
      workspace: 'acme',
      slug: 'monitors',
      pullRequests: [5],
      tokens: { [WRITE_TOKEN]: 'write', [READ_TOKEN]: 'read' },
      issueTracker: true,
    }),
  ]);
  workspace = mkdtempSync(join(tmpdir(), 'ci-bitbucket-'));
  cpSync(EXAMPLE, join(workspace, 'monitors'), { recursive: true });
  // The same set with a policy that every monitor names its team, which the example's do not.
  cpSync(EXAMPLE, join(workspace, 'policed'), { recursive: true });
  writeFileSync(
    join(workspace, 'policed', 'policy.yaml'),
    'policy:\n  - id: team-tag\n    description: Every monitor names its owning team.\n    level: mandatory\n    require:\n      tags: ["team:*"]\n',
  );
  // A busy pull request: the plan's comment lands on the second page of 100.
  bitbucket.comments.get(5)!.push({ id: 1, raw: 'Looks good to me', author: 'alice' });
  for (let i = 2; i <= 120; i += 1) bitbucket.comments.get(5)!.push({ id: i, raw: `Review note ${i}`, author: 'bob' });
});

afterAll(async () => {
  await Promise.all([sim.stop(), bitbucket.close()]);
  rmSync(workspace, { recursive: true, force: true });
});

type Trigger = Parameters<typeof pipelinesVariables>[1];
const pullRequest: Trigger = { pullRequest: 5, branch: 'feature/careers' };
const main: Trigger = { branch: 'main' };

function pipelinesEnv(trigger: Trigger, commit: string, extra: Record<string, string> = {}) {
  return {
    ...SECRETS,
    ...pipelinesVariables(bitbucket, trigger, commit),
    MONITORS_API_URL: sim.baseUrl,
    MONITORS_API_TOKEN: sim.token,
    BITBUCKET_ACCESS_TOKEN: WRITE_TOKEN,
    ...extra,
  };
}
const ci = (args: string[], env: Record<string, string>): Promise<CliResult> =>
  runCli(['ci', ...args], { cwd: workspace, env, timeoutMs: 120_000 });
const planComments = () => bitbucket.comments.get(5)!.filter((c) => c.raw.startsWith(MARKER));
const statusesOn = (commit: string) => [...(bitbucket.statuses.get(commit)?.values() ?? [])];
const storefront = () => join(workspace, 'monitors', 'storefront.yaml');
const noSecretIn = (text: string) => {
  for (const secret of [...Object.values(SECRETS), WRITE_TOKEN, READ_TOKEN, sim.token])
    expect(text).not.toContain(secret);
};

describe('monitors ci in Bitbucket Pipelines, on a pull request', { timeout: 120_000 }, () => {
  it('posts ONE comment holding the plan, edits it on the next push, and sets a build status on the commit', async () => {
    const first = await ci(['plan', 'monitors'], pipelinesEnv(pullRequest, PR_COMMIT));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /^monitors: plan comment created \(https:\/\/bitbucket\.org\/acme\/monitors\/pull-requests\/5#comment-\d+\)\.$/m,
    );
    expect(planComments()).toHaveLength(1);
    const id = planComments()[0]!.id;
    expect(planComments()[0]!.raw).toMatch(
      /^\[\]\(#monitors-plan:monitors\)\n#### monitors plan `monitors`\n\n\*\*Plan: 17 to create, 0 to update, 0 to delete\.\*\*/,
    );
    expect(readFileSync(join(workspace, 'monitors-ci', 'report.md'), 'utf8')).toBe(
      planComments()[0]!.raw.slice(MARKER.length + 1),
    );

    writeFileSync(
      storefront(),
      `${readFileSync(storefront(), 'utf8')}\n  - name: "shop: careers page"\n    type: http\n    url: https://shop.example.com/careers\n`,
    );
    const second = await ci(['plan', 'monitors'], pipelinesEnv(pullRequest, PR_COMMIT));
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain('monitors: plan comment updated');
    expect(planComments()).toHaveLength(1);
    expect(planComments()[0]!.id).toBe(id);
    expect(planComments()[0]!.raw).toContain('shop: careers page');
    expect(bitbucket.comments.get(5)![0]!.raw).toBe('Looks good to me');

    // The build status: one per path and command, overwritten by the second run, on the pull request's commit.
    expect(statusesOn(PR_COMMIT)).toEqual([
      {
        type: 'commitstatus',
        key: expect.stringMatching(/^monitors-plan-[0-9a-f]{10}$/),
        state: 'SUCCESSFUL',
        name: 'monitors plan monitors',
        description: 'Plan: 18 to create, 0 to update, 0 to delete.',
        url: 'http://bitbucket.org/acme/monitors/pipelines/results/117',
        refname: 'feature/careers',
      },
    ]);
    expect(bitbucket.requests).toContain(
      'GET /2.0/repositories/acme/monitors/pullrequests/5/comments?pagelen=100&page=2',
    );
    const writes = bitbucket.requests.filter((r) => !r.startsWith('GET'));
    expect(writes).toEqual([
      'POST /2.0/repositories/acme/monitors/pullrequests/5/comments',
      `POST /2.0/repositories/acme/monitors/commit/${PR_COMMIT}/statuses/build`,
      `PUT /2.0/repositories/acme/monitors/pullrequests/5/comments/${id}`,
      `POST /2.0/repositories/acme/monitors/commit/${PR_COMMIT}/statuses/build`,
    ]);
    expect(bitbucket.invalid).toEqual([]);
    noSecretIn(planComments()[0]!.raw + first.stdout + first.stderr + second.stdout + second.stderr);
  });

  it("puts validate's and the policy's findings on the diff as a Code Insights report, and fails the status", async () => {
    const run = await ci(['validate', 'policed'], pipelinesEnv(pullRequest, PR_COMMIT));
    expect(run.code).toBe(1);
    const reports = [...bitbucket.reports.get(PR_COMMIT)!.entries()];
    expect(reports).toHaveLength(1);
    const [key, report] = reports[0]!;
    expect(key).toMatch(/^monitors-validate-[0-9a-f]{10}$/);
    expect(report.body).toMatchObject({
      type: 'report',
      title: 'monitors validate policed',
      report_type: 'BUG',
      reporter: 'monitors',
      result: 'FAILED',
      data: [
        { type: 'NUMBER', title: 'Errors', value: 17 },
        { type: 'NUMBER', title: 'Warnings', value: expect.any(Number) },
      ],
    });
    const annotations = [...report.annotations.values()];
    expect(annotations.length).toBeGreaterThanOrEqual(17);
    expect(annotations).toContainEqual(
      expect.objectContaining({
        type: 'report_annotation',
        annotation_type: 'BUG',
        severity: 'HIGH',
        path: 'policed/storefront.yaml',
        line: 63,
        summary: expect.stringMatching(
          /^policy\.team-tag: policy team-tag \(mandatory\): Every monitor names its owning team/,
        ),
      }),
    );
    expect(run.stdout).toContain(
      `Code Insights report monitors validate policed: ${annotations.length} annotation(s).`,
    );
    expect(statusesOn(PR_COMMIT).find((s) => s.name === 'monitors validate policed')).toMatchObject({
      state: 'FAILED',
      key: expect.stringMatching(/^monitors-validate-/),
    });
    expect(bitbucket.invalid).toEqual([]);
  });

  it('names the variable and the permission when the token is refused, and never shows the token', async () => {
    const refused = await ci(
      ['plan', 'monitors'],
      pipelinesEnv(pullRequest, PR_COMMIT, { BITBUCKET_ACCESS_TOKEN: 'expired-SENTINEL' }),
    );
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /^ERROR: The plan comment was not posted: Bitbucket Cloud API GET \/repositories\/acme\/monitors\/pullrequests\/5\/comments failed: 401 Unauthorized: Token is invalid, expired, or not supported for this endpoint\. \(the token in BITBUCKET_ACCESS_TOKEN was refused: not a valid access token \(expired or revoked\?\); app passwords are retired, use a repository, project or workspace access token\)\. The plan is in monitors-ci\/report\.md\.$/m,
    );
    expect(refused.stdout + refused.stderr).not.toContain('expired-SENTINEL');
    // MONITORS_CI_TOKEN wins over BITBUCKET_ACCESS_TOKEN, and is the one named.
    const readOnly = await ci(
      ['plan', 'monitors'],
      pipelinesEnv(pullRequest, PR_COMMIT, { MONITORS_CI_TOKEN: READ_TOKEN }),
    );
    expect(readOnly.code).toBe(1);
    expect(readOnly.stdout).toMatch(
      /The plan comment was not posted: Bitbucket Cloud API PUT \/repositories\/acme\/monitors\/pullrequests\/5\/comments\/\d+ failed: 403 Forbidden: .*\(the token in MONITORS_CI_TOKEN may not do this: it needs the permission Pull requests: Write \(pullrequest:write\)\)/,
    );
    expect(readOnly.stdout).toMatch(/^ERROR: The build status was not set: .* 403 Forbidden/m);
    noSecretIn(readOnly.stdout + readOnly.stderr);
  });
});

describe('monitors ci drift in Bitbucket Pipelines', { timeout: 120_000 }, () => {
  const issue = () => bitbucket.issues.get(1);

  it('opens ONE issue while the live monitors drift, updates it, and resolves it once they do not', async () => {
    const drifting = await ci(['drift', 'monitors'], pipelinesEnv(main, MAIN_COMMIT));
    expect(drifting.code, drifting.stdout + drifting.stderr).toBe(0);
    expect(drifting.stdout).toContain(
      'monitors: drift issue #1 opened (https://bitbucket.org/acme/monitors/issues/1).',
    );
    expect(issue()).toMatchObject({ title: 'Monitors drift: the live monitors differ from monitors', state: 'new' });
    expect(issue()!.raw).toMatch(
      /^\[\]\(#monitors-drift:monitors\)\n### Drift: the live monitors differ from `monitors`/,
    );
    expect(issue()!.raw).toContain('([pipeline](http://bitbucket.org/acme/monitors/pipelines/results/117))');
    expect(issue()!.raw).toContain('**Plan: 18 to create, 0 to update, 0 to delete.**');
    expect(statusesOn(MAIN_COMMIT)).toContainEqual(
      expect.objectContaining({
        name: 'monitors drift monitors',
        state: 'FAILED',
        description: 'Drift: Plan: 18 to create, 0 to update, 0 to delete.',
      }),
    );

    const again = await ci(['drift', 'monitors'], pipelinesEnv(main, MAIN_COMMIT));
    expect(again.stdout).toContain('monitors: drift issue #1 updated');
    expect(bitbucket.issues.size).toBe(1);

    const applied = await ci(['apply', 'monitors'], pipelinesEnv(main, MAIN_COMMIT));
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(statusesOn(MAIN_COMMIT)).toContainEqual(
      expect.objectContaining({
        name: 'monitors apply monitors',
        state: 'SUCCESSFUL',
        description: 'Applied.',
        refname: 'main',
      }),
    );
    const settled = await ci(['drift', 'monitors'], pipelinesEnv(main, MAIN_COMMIT));
    expect(settled.code, settled.stdout + settled.stderr).toBe(0);
    expect(settled.stdout).toContain('monitors: drift issue #1 resolved');
    expect(issue()!.state).toBe('resolved');
    expect(issue()!.comments).toEqual([
      expect.stringMatching(
        /^No drift any more: the scheduled check on .* found the live monitors equal to `monitors`\. Closing\.$/,
      ),
    ]);
    expect(statusesOn(MAIN_COMMIT)).toContainEqual(
      expect.objectContaining({ name: 'monitors drift monitors', state: 'SUCCESSFUL', description: 'No drift.' }),
    );
    const issueWrites = bitbucket.requests.filter((r) => !r.startsWith('GET') && r.includes('/issues'));
    expect(issueWrites).toEqual([
      'POST /2.0/repositories/acme/monitors/issues',
      'PUT /2.0/repositories/acme/monitors/issues/1',
      'POST /2.0/repositories/acme/monitors/issues/1/comments',
      'PUT /2.0/repositories/acme/monitors/issues/1',
    ]);
    expect(bitbucket.invalid).toEqual([]);
    noSecretIn(issue()!.raw);
  });

  it('without an issue tracker, drift is in the report and the status, and the step fails with exit 2', async () => {
    bitbucket.options.issueTracker = false;
    try {
      writeFileSync(
        storefront(),
        `${readFileSync(storefront(), 'utf8')}\n  - name: "shop: work"\n    type: http\n    url: https://shop.example.com/work\n`,
      );
      const run = await ci(['drift', 'monitors'], pipelinesEnv(main, MAIN_COMMIT));
      expect(run.code).toBe(2);
      expect(run.stdout).toContain('monitors: no issue tracker to hold the drift (');
      expect(run.stdout).toContain(
        'ERROR: the live monitors drift from monitors: the plan is in monitors-ci/report.md (exit 2).',
      );
      expect(readFileSync(join(workspace, 'monitors-ci', 'report.md'), 'utf8')).toContain('shop: work');
      expect(statusesOn(MAIN_COMMIT)).toContainEqual(
        expect.objectContaining({
          name: 'monitors drift monitors',
          state: 'FAILED',
          description: 'Drift: Plan: 1 to create, 0 to update, 0 to delete.',
        }),
      );
    } finally {
      bitbucket.options.issueTracker = true;
    }
  });
});
