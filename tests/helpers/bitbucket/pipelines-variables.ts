// The variables of a Bitbucket Pipelines step in the fake Bitbucket Cloud's repository, for
// the tests that run `monitors ci` as Pipelines would.
import type { FakeBitbucketCloud } from '../fake-bitbucket-cloud.js';

/**
 * The variables Bitbucket Pipelines sets in a step of the fake's repository
 * (https://support.atlassian.com/bitbucket-cloud/docs/variables-and-secrets/), with
 * MONITORS_CI_API_URL pointing `monitors ci` at the fake.
 */
export function pipelinesVariables(
  fake: FakeBitbucketCloud,
  trigger: { pullRequest: number; branch?: string } | { branch: string },
  commit: string,
): Record<string, string> {
  const { workspace, slug } = fake.options;
  return {
    CI: 'true',
    BITBUCKET_BUILD_NUMBER: '117',
    BITBUCKET_WORKSPACE: workspace,
    BITBUCKET_REPO_SLUG: slug,
    BITBUCKET_REPO_FULL_NAME: `${workspace}/${slug}`,
    BITBUCKET_GIT_HTTP_ORIGIN: `http://bitbucket.org/${workspace}/${slug}`,
    BITBUCKET_COMMIT: commit,
    ...('pullRequest' in trigger ? { BITBUCKET_PR_ID: String(trigger.pullRequest) } : {}),
    ...(trigger.branch ? { BITBUCKET_BRANCH: trigger.branch } : {}),
    MONITORS_CI_API_URL: fake.apiUrl,
  };
}
