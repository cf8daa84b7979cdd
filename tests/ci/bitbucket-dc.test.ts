// `monitors ci` against Bitbucket Data Center end to end, as a Jenkins job (Bitbucket Branch
// Source) sets it up: the server named by MONITORS_BITBUCKET_DC_URL (which is how the provider
// is found), the pull request and commit from Jenkins' CHANGE_ID and GIT_COMMIT. The built CLI
// as a process against the simulator and the fake Data Center API
// (tests/helpers/fake-bitbucket-dc.ts): ONE comment edited in place (with its version), a
// build status, validate's findings as Code Insights, drift in the report and the status.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBitbucketDc, type FakeBitbucketDc } from '../helpers/fake-bitbucket-dc.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/shop', import.meta.url));
const SECRETS = { SHOP_API_TOKEN: 'demo-shop-token-SENTINEL', SHOP_ADMIN_PASSWORD: 'demo-admin-password-SENTINEL' };
const TOKEN = 'BBDC-http-access-token-SENTINEL';
const COMMIT = 'e83c5163316f89bfbde7d9ab23ca2e25604af290';
const MARKER = '[](#monitors-plan:monitors)';

let sim: SimProcess;
let server: FakeBitbucketDc;
let workspace: string;

beforeAll(async () => {
  [sim, server] = await Promise.all([
    startSimProcess(),
    startFakeBitbucketDc({ project: 'OPS', slug: 'monitors', pullRequests: [12], tokens: [TOKEN] }),
  ]);
  workspace = mkdtempSync(join(tmpdir(), 'ci-bitbucket-dc-'));
  cpSync(EXAMPLE, join(workspace, 'monitors'), { recursive: true });
  server.comments.get(12)!.push({ id: 7, version: 3, text: 'Please add a check for careers', author: 'alice' });
  // Older activities than a page holds: the plan's comment is found again across pages.
  for (let i = 8; i < 130; i += 1)
    server.comments.get(12)!.push({ id: i, version: 0, text: `note ${i}`, author: 'bob' });
});

afterAll(async () => {
  await Promise.all([sim.stop(), server.close()]);
  rmSync(workspace, { recursive: true, force: true });
});

/** A Jenkins job of the repository OPS/monitors; `pullRequest` undefined for a branch build. */
function jenkinsEnv(pullRequest: number | undefined, extra: Record<string, string> = {}) {
  return {
    ...SECRETS,
    JENKINS_URL: 'https://jenkins.example.com/',
    BUILD_URL: 'https://jenkins.example.com/job/monitors/job/PR-12/4/',
    GIT_COMMIT: COMMIT,
    ...(pullRequest === undefined ? { BRANCH_NAME: 'main' } : { CHANGE_ID: String(pullRequest) }),
    MONITORS_BITBUCKET_DC_URL: server.serverUrl,
    MONITORS_BITBUCKET_DC_PROJECT: 'OPS',
    MONITORS_BITBUCKET_DC_REPO: 'monitors',
    BITBUCKET_ACCESS_TOKEN: TOKEN,
    MONITORS_API_URL: sim.baseUrl,
    MONITORS_API_TOKEN: sim.token,
    ...extra,
  };
}
const ci = (args: string[], env: Record<string, string>): Promise<CliResult> =>
  runCli(['ci', ...args], { cwd: workspace, env, timeoutMs: 120_000 });
const planComments = () => server.comments.get(12)!.filter((c) => c.text.startsWith(MARKER));
const builds = () => [...(server.builds.get(COMMIT)?.values() ?? [])];

describe('monitors ci against Bitbucket Data Center (in Jenkins)', { timeout: 120_000 }, () => {
  it('posts ONE comment holding the plan, edits it in place, and sets a build status on the commit', async () => {
    const first = await ci(['plan', 'monitors'], jenkinsEnv(12));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain(
      `monitors: plan comment created (${server.serverUrl}/projects/OPS/repos/monitors/pull-requests/12/overview?commentId=300).`,
    );
    const storefront = join(workspace, 'monitors', 'storefront.yaml');
    writeFileSync(
      storefront,
      `${readFileSync(storefront, 'utf8')}\n  - name: "shop: careers page"\n    type: http\n    url: https://shop.example.com/careers\n`,
    );
    const second = await ci(['plan', 'monitors'], jenkinsEnv(12));
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain('monitors: plan comment updated');
    expect(planComments()).toEqual([expect.objectContaining({ id: 300, version: 1 })]);
    expect(planComments()[0]!.text).toMatch(/^\[\]\(#monitors-plan:monitors\)\n#### monitors plan `monitors`\n/);
    expect(planComments()[0]!.text).toContain('shop: careers page');
    expect(server.comments.get(12)![0]).toMatchObject({ id: 7, text: 'Please add a check for careers', version: 3 });
    expect(builds()).toEqual([
      {
        key: expect.stringMatching(/^monitors-plan-[0-9a-f]{10}$/),
        state: 'SUCCESSFUL',
        name: 'monitors plan monitors',
        description: 'Plan: 18 to create, 0 to update, 0 to delete.',
        url: 'https://jenkins.example.com/job/monitors/job/PR-12/4/',
      },
    ]);
    expect(server.requests).toContainEqual(
      expect.stringMatching(/\/pull-requests\/12\/activities\?start=100&limit=100$/),
    );
    expect(server.requests.filter((r) => !r.startsWith('GET'))).toEqual([
      'POST /rest/api/1.0/projects/OPS/repos/monitors/pull-requests/12/comments',
      `POST /rest/api/1.0/projects/OPS/repos/monitors/commits/${COMMIT}/builds`,
      'PUT /rest/api/1.0/projects/OPS/repos/monitors/pull-requests/12/comments/300',
      `POST /rest/api/1.0/projects/OPS/repos/monitors/commits/${COMMIT}/builds`,
    ]);
    expect(server.invalid).toEqual([]);
    for (const secret of [...Object.values(SECRETS), TOKEN, sim.token])
      expect(planComments()[0]!.text + first.stdout + second.stdout).not.toContain(secret);
  });

  it("puts validate's findings in a Code Insights report with annotations", async () => {
    const storefront = join(workspace, 'monitors', 'storefront.yaml');
    const before = readFileSync(storefront, 'utf8');
    writeFileSync(storefront, `${before}    retry_count: 99\n`);
    try {
      const run = await ci(['validate', 'monitors'], jenkinsEnv(12));
      expect(run.code).toBe(1);
      const [report] = [...server.reports.get(COMMIT)!.values()];
      expect(report!.body).toMatchObject({ title: 'monitors validate monitors', result: 'FAIL', reporter: 'monitors' });
      expect(report!.annotations).toContainEqual(
        expect.objectContaining({
          path: 'monitors/storefront.yaml',
          severity: 'HIGH',
          type: 'BUG',
          message: expect.stringMatching(/^schema\.maximum: retry_count must be at most 5/),
        }),
      );
      expect(server.requests).toContainEqual(
        expect.stringMatching(
          /^DELETE \/rest\/insights\/1\.0\/projects\/OPS\/repos\/monitors\/commits\/[0-9a-f]+\/reports\/monitors-validate-[0-9a-f]{10}\/annotations$/,
        ),
      );
      expect(builds()).toContainEqual(expect.objectContaining({ name: 'monitors validate monitors', state: 'FAILED' }));
      expect(server.invalid).toEqual([]);
    } finally {
      writeFileSync(storefront, before);
    }
  });

  it('has no issue tracker: drift fails the job with exit 2 and a failed build status (on a server before 7.4 too)', async () => {
    server.options.legacyBuildStatus = true; // only /rest/build-status/1.0: the repository's builds API is 404
    const run = await ci(['drift', 'monitors'], jenkinsEnv(undefined));
    server.options.legacyBuildStatus = false;
    expect(run.code).toBe(2);
    expect(server.requests.filter((r) => r.startsWith('POST') && r.includes('build')).slice(-2)).toEqual([
      `POST /rest/api/1.0/projects/OPS/repos/monitors/commits/${COMMIT}/builds`,
      `POST /rest/build-status/1.0/commits/${COMMIT}`,
    ]);
    expect(run.stdout).toContain(
      'ERROR: the live monitors drift from monitors. Bitbucket Data Center has no issue tracker',
    );
    expect(builds()).toContainEqual(
      expect.objectContaining({
        name: 'monitors drift monitors',
        state: 'FAILED',
        description: 'Drift: Plan: 18 to create, 0 to update, 0 to delete.',
      }),
    );
  });

  it('says which variable holds the refused token and which permission it needs, never the token', async () => {
    const run = await ci(['plan', 'monitors'], jenkinsEnv(12, { BITBUCKET_ACCESS_TOKEN: 'revoked-SENTINEL' }));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^ERROR: The plan comment was not posted: Bitbucket Data Center API GET \/api\/1\.0\/projects\/OPS\/repos\/monitors\/pull-requests\/12\/activities failed: 401 Unauthorized: Authentication failed\. Please check your credentials and try again\. \(the token in BITBUCKET_ACCESS_TOKEN was refused: not a valid HTTP access token \(expired or revoked\?\)\)\./m,
    );
    expect(run.stdout + run.stderr).not.toContain('revoked-SENTINEL');
    const unset = await ci(['plan', 'monitors'], jenkinsEnv(12, { MONITORS_BITBUCKET_DC_PROJECT: '' }));
    expect(unset.stdout).toContain('the plan comment cannot be written: MONITORS_BITBUCKET_DC_PROJECT not set');
  });
});
