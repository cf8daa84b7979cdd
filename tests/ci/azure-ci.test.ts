// `monitors ci` on Azure Pipelines with Azure Repos end to end: the built CLI as a process with
// the variables Azure Pipelines sets (https://learn.microsoft.com/azure/devops/pipelines/build/variables:
// TF_BUILD=True, SYSTEM_COLLECTIONURI, SYSTEM_TEAMPROJECT, BUILD_REPOSITORY_ID,
// SYSTEM_PULLREQUEST_PULLREQUESTID, BUILD_SOURCEVERSION, and SYSTEM_ACCESSTOKEN as the pipeline
// maps it), against the simulator and the fake Azure DevOps Git API
// (tests/helpers/fake-azure-devops.ts, which checks every body against Microsoft's
// description). On a pull request ONE thread holds the plan, its comment edited on every push,
// and the plan's summary is a pull-request status; on main the status goes on the commit;
// drift fails the run with exit 2 and a failed status, since Azure Pipelines has no issue.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../check/servers/loopback.js';
import { startFakeAzureDevOps, type FakeAzureDevOps } from '../helpers/fake-azure-devops.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';
import { startSimProcess, type SimProcess } from '../helpers/sim-process.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/shop', import.meta.url));
const SECRETS = { SHOP_API_TOKEN: 'demo-shop-token-SENTINEL', SHOP_ADMIN_PASSWORD: 'demo-admin-password-SENTINEL' };
// System.AccessToken is a JWT; a personal access token is not.
const ACCESS_TOKEN = 'eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJidWlsZCJ9.SENTINEL-signature';
const PAT = 'pat52charactersofbase32SENTINELxxxxxxxxxxxxxxxxxxxxx';
const REPOSITORY_ID = '3411ebc1-d5aa-464f-9615-0b527bc66719';
const COMMIT = 'd'.repeat(40);
const MARKER = '<!-- monitors-plan:monitors -->';

let sim: SimProcess;
let azure: FakeAzureDevOps;
let workspace: string;

beforeAll(async () => {
  [sim, azure] = await Promise.all([
    startSimProcess(),
    startFakeAzureDevOps({
      organization: 'acme',
      project: 'Shop',
      repositoryId: REPOSITORY_ID,
      pullRequests: [42],
      tokens: { [ACCESS_TOKEN]: 'write', [PAT]: 'write' },
    }),
  ]);
  workspace = mkdtempSync(join(tmpdir(), 'ci-azure-'));
  cpSync(EXAMPLE, join(workspace, 'monitors'), { recursive: true });
  // A reviewer's thread and one of Azure's own (a vote), before the plan's.
  azure.threads.get(42)!.push(
    { id: 1, status: 'active', comments: [{ id: 1, content: 'Why 30s?', commentType: 'text', author: 'alice' }] },
    {
      id: 2,
      status: 'unknown',
      comments: [{ id: 1, content: 'alice voted 10', commentType: 'system', author: 'alice' }],
    },
  );
});

afterAll(async () => {
  await Promise.all([sim.stop(), azure.close()]);
  rmSync(workspace, { recursive: true, force: true });
});

function azureEnv(reason: 'PullRequest' | 'IndividualCI' | 'Schedule', extra: Record<string, string> = {}) {
  return {
    ...SECRETS,
    TF_BUILD: 'True',
    SYSTEM_COLLECTIONURI: azure.collectionUri,
    SYSTEM_TEAMPROJECT: 'Shop',
    BUILD_REPOSITORY_ID: REPOSITORY_ID,
    BUILD_REPOSITORY_PROVIDER: 'TfsGit',
    BUILD_REASON: reason,
    BUILD_BUILDID: '314',
    BUILD_SOURCEVERSION: COMMIT,
    ...(reason === 'PullRequest' ? { SYSTEM_PULLREQUEST_PULLREQUESTID: '42' } : {}),
    SYSTEM_ACCESSTOKEN: ACCESS_TOKEN,
    MONITORS_API_URL: sim.baseUrl,
    MONITORS_API_TOKEN: sim.token,
    ...extra,
  };
}

const ci = (args: string[], env: Record<string, string>): Promise<CliResult> =>
  runCli(['ci', ...args], { cwd: workspace, env, timeoutMs: 120_000 });
const planThreads = () => azure.threads.get(42)!.filter((t) => t.comments[0]!.content.startsWith(MARKER));
const storefront = () => join(workspace, 'monitors', 'storefront.yaml');
const addMonitor = (name: string) =>
  writeFileSync(
    storefront(),
    `${readFileSync(storefront(), 'utf8')}\n  - name: "${name}"\n    type: http\n    url: https://shop.example.com/${name.replace(/\W+/g, '-')}\n`,
  );
const noSecretIn = (text: string) => {
  for (const secret of [...Object.values(SECRETS), ACCESS_TOKEN, PAT, sim.token]) expect(text).not.toContain(secret);
};

describe('monitors ci on an Azure Repos pull request', { timeout: 120_000 }, () => {
  it('creates ONE thread holding the plan, edits its comment on the next push, and sets the pull-request status', async () => {
    const first = await ci(['plan', 'monitors'], azureEnv('PullRequest'));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^monitors: plan comment created \(pull request 42, thread \d+\)\.$/m);
    expect(first.stdout).toContain('##vso[task.uploadsummary]');
    expect(planThreads()).toHaveLength(1);
    const thread = planThreads()[0]!;
    expect(thread.status).toBe('closed'); // a report: never holds up "all comments resolved"
    expect(thread.comments).toHaveLength(1);
    expect(thread.comments[0]!.content).toMatch(
      /^<!-- monitors-plan:monitors -->\n#### monitors plan `monitors`\n\n\*\*Plan: 17 to create, 0 to update, 0 to delete\.\*\*/,
    );
    expect(azure.pullRequestStatuses.get(42)).toEqual([
      {
        state: 'succeeded',
        description: 'Plan: 17 to create, 0 to update, 0 to delete.',
        context: { genre: 'monitors', name: 'plan monitors' },
        targetUrl: `${azure.collectionUri}Shop/_build/results?buildId=314`,
      },
    ]);

    addMonitor('shop: careers page');
    const second = await ci(['plan', 'monitors'], azureEnv('PullRequest'));
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain(`monitors: plan comment updated (pull request 42, thread ${thread.id}).`);
    expect(planThreads()).toHaveLength(1);
    expect(planThreads()[0]!.comments[0]!.content).toContain('shop: careers page');
    expect(
      azure.threads
        .get(42)!
        .slice(0, 2)
        .map((t) => t.comments[0]!.content),
    ).toEqual(['Why 30s?', 'alice voted 10']);
    const base = `/acme/Shop/_apis/git/repositories/${REPOSITORY_ID}/pullRequests/42`;
    expect(azure.requests.filter((r) => !r.startsWith('GET'))).toEqual([
      `POST ${base}/threads?api-version=7.1`,
      `POST ${base}/statuses?api-version=7.1`,
      `PATCH ${base}/threads/${thread.id}/comments/1?api-version=7.1`,
      `POST ${base}/statuses?api-version=7.1`,
    ]);
    expect(azure.invalidBodies).toEqual([]);
    noSecretIn(planThreads()[0]!.comments[0]!.content + first.stdout + first.stderr + second.stdout + second.stderr);
  });

  it('says which variable and which permission when the token is refused, never the token, and fails the job', async () => {
    const before = planThreads()[0]!.comments[0]!.content;
    const refused = await ci(
      ['plan', 'monitors'],
      azureEnv('PullRequest', { SYSTEM_ACCESSTOKEN: 'eyJx.eyJy.SENTINEL-revoked' }),
    );
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /^##vso\[task\.logissue type=error\]The plan comment was not posted: Azure DevOps API GET \/pullRequests\/42\/threads failed: 401 Unauthorized: Access Denied: the token is not valid \(Azure DevOps did not accept the token in SYSTEM_ACCESSTOKEN: map it into the step with env: SYSTEM_ACCESSTOKEN: \$\(System\.AccessToken\), or give a valid token; its identity needs "Contribute to pull requests" on the repository\)\. The plan is in monitors-ci\/report\.md\.$/m,
    );
    const unmapped = await ci(['plan', 'monitors'], azureEnv('PullRequest', { SYSTEM_ACCESSTOKEN: '' }));
    expect(unmapped.code).toBe(1);
    expect(unmapped.stdout).toContain(
      "no token: map the job's token into the step (env: SYSTEM_ACCESSTOKEN: $(System.AccessToken)), or set MONITORS_CI_TOKEN",
    );
    expect(refused.stdout + refused.stderr + unmapped.stdout).not.toContain('SENTINEL');
    expect(planThreads()[0]!.comments[0]!.content).toBe(before);
  });

  it('takes the API base and a personal access token from MONITORS_CI_API_URL and MONITORS_CI_TOKEN', async () => {
    const elsewhere = `http://127.0.0.1:${await closedPort()}/acme/`;
    const seen = azure.schemes.length;
    const run = await ci(
      ['plan', 'monitors'],
      azureEnv('PullRequest', {
        SYSTEM_COLLECTIONURI: elsewhere,
        SYSTEM_ACCESSTOKEN: '',
        MONITORS_CI_API_URL: azure.collectionUri,
        MONITORS_CI_TOKEN: PAT,
      }),
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('monitors: plan comment updated');
    expect(planThreads()).toHaveLength(1);
    expect(new Set(azure.schemes.slice(seen))).toEqual(new Set(['Basic'])); // Azure DevOps takes a PAT only as Basic
    expect(new Set(azure.schemes.slice(0, seen))).toEqual(new Set(['Bearer'])); // SYSTEM_ACCESSTOKEN, as documented
    noSecretIn(run.stdout + run.stderr);
  });
});

describe('monitors ci apply and drift on Azure Pipelines', { timeout: 120_000 }, () => {
  it('puts the status on the commit outside pull requests; drift fails the run with exit 2 and a failed status', async () => {
    const applied = await ci(['apply', 'monitors'], azureEnv('IndividualCI'));
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expect(azure.commitStatuses.get(COMMIT)).toEqual([
      expect.objectContaining({
        state: 'succeeded',
        description: 'Applied.',
        context: { genre: 'monitors', name: 'apply monitors' },
      }),
    ]);
    const settled = await ci(['drift', 'monitors'], azureEnv('Schedule'));
    expect(settled.code, settled.stdout + settled.stderr).toBe(0);
    expect(settled.stdout).toContain('monitors: no drift: the live monitors match monitors.');

    addMonitor('shop: work');
    const drifting = await ci(['drift', 'monitors'], azureEnv('Schedule'));
    expect(drifting.code).toBe(2);
    expect(drifting.stdout).toContain(
      '##vso[task.logissue type=error]The live monitors drift from monitors. Azure Pipelines has no issue for it: the plan is in monitors-ci/report.md, and the status says drift (exit 2).',
    );
    expect(azure.commitStatuses.get(COMMIT)!.at(-1)).toMatchObject({
      state: 'failed',
      description: 'Drift: Plan: 1 to create, 0 to update, 0 to delete.',
      context: { genre: 'monitors', name: 'drift monitors' },
    });
    expect(azure.invalidBodies).toEqual([]);
  });
});
