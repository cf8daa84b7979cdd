// The pieces of the Azure DevOps and Gitea/Forgejo providers that need no CLI: detection in the
// order of the list (Forgejo's runner also sets GITEA_ACTIONS, both set GITHUB_ACTIONS, Azure
// says True), how each token is sent, the fakes' schema checks refusing what the hosts would,
// and a plan longer than each host's limit cut with a pointer to the full report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { azureProvider } from '../../src/ci/azure.js';
import { authorization, AZURE_MAX_BODY, upsertThread } from '../../src/ci/azure-api.js';
import { giteaProvider } from '../../src/ci/gitea.js';
import { ciOptions } from '../../src/ci/options.js';
import { childEnvOf } from '../../src/ci/run-ci.js';
import { GITEA_MAX_BODY, upsertComment } from '../../src/ci/gitea-api.js';
import { detectedProvider } from '../../src/ci/provider-names.js';
import { startFakeAzureDevOps, type FakeAzureDevOps } from '../helpers/fake-azure-devops.js';
import { startFakeGitea, type FakeGitea } from '../helpers/fake-gitea.js';
import { bodyValidator } from '../helpers/host-api-schemas.js';

describe('detection', () => {
  it('tells Forgejo, Gitea, GitHub and Azure apart by the variables their runners set', () => {
    const actions = { GITHUB_ACTIONS: 'true' };
    expect(detectedProvider({ ...actions, GITEA_ACTIONS: 'true', FORGEJO_ACTIONS: 'true' })).toBe('forgejo');
    expect(detectedProvider({ ...actions, GITEA_ACTIONS: 'true' })).toBe('gitea');
    expect(detectedProvider(actions)).toBe('github');
    expect(detectedProvider({ TF_BUILD: 'True' })).toBe('azure');
    expect(detectedProvider({ TF_BUILD: 'False' })).toBe('plain');
  });
});

describe('tokens', () => {
  it('sends SYSTEM_ACCESSTOKEN and Entra tokens as Bearer, a personal access token as Basic', () => {
    expect(authorization('opaque', 'SYSTEM_ACCESSTOKEN')).toBe('Bearer opaque');
    expect(authorization('eyJa.eyJb.c', 'MONITORS_CI_TOKEN')).toBe('Bearer eyJa.eyJb.c');
    expect(authorization('pat123', 'MONITORS_CI_TOKEN')).toBe(`Basic ${Buffer.from(':pat123').toString('base64')}`);
  });
});

describe('the CLI runs and the lock branch', () => {
  const env = {
    TF_BUILD: 'True',
    SYSTEM_COLLECTIONURI: 'https://dev.azure.com/acme/',
    SYSTEM_ACCESSTOKEN: 'job-token',
    MONITORS_CI_TOKEN: 'override',
    BUILD_REQUESTEDFOR: 'Ada Lovelace',
    BUILD_REQUESTEDFOREMAIL: 'ada@example.com',
    GITEA_TOKEN: 'gitea-token',
    MONITORS_API_TOKEN: 'api',
  };

  it("keep the host's tokens out of the CLI runs; Azure gives git the job token as a header for the collection's host", () => {
    const plan = ciOptions('plan', 'monitors', { comment: true, lockBranch: 'monitors-state' });
    const azure = childEnvOf(plan, env, azureProvider(env, plan));
    expect(azure).not.toHaveProperty('SYSTEM_ACCESSTOKEN');
    expect(azure).not.toHaveProperty('MONITORS_CI_TOKEN');
    expect(azure).toMatchObject({
      MONITORS_API_TOKEN: 'api',
      GIT_AUTHOR_NAME: 'Ada Lovelace',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'http.https://dev.azure.com/.extraheader',
      GIT_CONFIG_VALUE_0: 'AUTHORIZATION: bearer job-token',
    });
    const gitea = childEnvOf(plan, env, giteaProvider('gitea', env, plan));
    expect(gitea).not.toHaveProperty('GITEA_TOKEN');
    expect(gitea).not.toHaveProperty('MONITORS_CI_TOKEN');
    expect(gitea.GIT_AUTHOR_NAME).toBe('gitea-actions');
  });
});

describe("the fakes check bodies against the hosts' descriptions", () => {
  it('refuses what Gitea and Azure DevOps would not take, and takes what they would', () => {
    const gitea = bodyValidator('gitea-v1.json');
    expect(gitea.errors('CreateStatusOption', { state: 'success', context: 'c', description: 'd' })).toEqual([]);
    expect(gitea.errors('CreateStatusOption', { state: 'succeeded' })).not.toEqual([]); // Azure's word, not Gitea's
    expect(gitea.errors('CreateStatusOption', { status: 'success' })).not.toEqual([]); // a misspelled field
    expect(gitea.errors('EditIssueCommentOption', {})).not.toEqual([]); // body is required
    const azure = bodyValidator('azure-devops-git-7.1.json');
    const thread = { comments: [{ parentCommentId: 0, content: 'x', commentType: 'text' }], status: 'closed' };
    expect(azure.errors('GitPullRequestCommentThread', thread)).toEqual([]);
    expect(azure.errors('GitPullRequestCommentThread', { ...thread, status: 'resolved' })).not.toEqual([]);
    expect(azure.errors('GitPullRequestStatus', { state: 'success', context: { name: 'plan' } })).not.toEqual([]);
    expect(azure.errors('GitStatus', { state: 'failed', context: { genre: 'monitors', name: 'drift' } })).toEqual([]);
  });
});

describe("a plan longer than the host's limit", () => {
  let azure: FakeAzureDevOps;
  let gitea: FakeGitea;
  beforeAll(async () => {
    [azure, gitea] = await Promise.all([
      startFakeAzureDevOps({
        organization: 'o',
        project: 'p',
        repositoryId: 'r',
        pullRequests: [1],
        tokens: { t: 'write' },
      }),
      startFakeGitea({ repo: 'o/r', pullRequests: [1], tokens: { t: 'write' } }),
    ]);
  });
  afterAll(() => Promise.all([azure.close(), gitea.close()]));
  const long = `**Plan: 9000 to create, 0 to update, 0 to delete.**\n${'+ name: "a monitor"\n'.repeat(12_000)}`;

  it('is cut to fit, with a pointer to the full report (Azure: 150,000 characters; Gitea: 65,000)', async () => {
    await upsertThread({
      collectionUrl: azure.collectionUri.replace(/\/$/, ''),
      project: 'p',
      repositoryId: 'r',
      token: 't',
      tokenVariable: 'SYSTEM_ACCESSTOKEN',
      pullRequestId: '1',
      marker: '<!-- m -->',
      markdown: long,
      whereFull: 'the report',
    });
    const content = azure.threads.get(1)![0]!.comments[0]!.content;
    expect(content.length).toBeLessThanOrEqual(AZURE_MAX_BODY);
    expect(content.length).toBeGreaterThan(AZURE_MAX_BODY - 1000);
    expect(content).toMatch(/\n\n… \(truncated: the full plan is in the report\)$/);

    await upsertComment({
      apiUrl: `${gitea.serverUrl}/api/v1`,
      token: 't',
      tokenVariable: 'GITEA_TOKEN',
      repo: 'o/r',
      host: 'Gitea',
      index: 1,
      marker: '<!-- m -->',
      markdown: long,
      whereFull: 'the report',
    });
    const body = gitea.issues.get(1)!.comments[0]!.body;
    expect(body.length).toBeLessThanOrEqual(GITEA_MAX_BODY);
    expect(body).toMatch(/^<!-- m -->\n\*\*Plan: 9000 to create/);
    expect(body).toMatch(/\(truncated: the full plan is in the report\)$/);
  });
});
