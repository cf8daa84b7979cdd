// Where a Bitbucket Pipelines step's repository, pull request and commit are: the Pipelines
// default variables (https://support.atlassian.com/bitbucket-cloud/docs/variables-and-secrets/),
// and the API paths under https://api.bitbucket.org/2.0 that name them. Pure.

export type CloudRepository = ReturnType<typeof cloudRepository>;

/** Where the repository is: the Pipelines variables (https://support.atlassian.com/bitbucket-cloud/docs/variables-and-secrets/). */
export function cloudRepository(env: NodeJS.ProcessEnv) {
  const workspace = env.BITBUCKET_WORKSPACE ?? env.BITBUCKET_REPO_OWNER ?? '';
  const slug = env.BITBUCKET_REPO_SLUG ?? '';
  const origin = (env.BITBUCKET_GIT_HTTP_ORIGIN ?? `https://bitbucket.org/${workspace}/${slug}`).replace(/\/+$/, '');
  return {
    workspace,
    slug,
    path: `/repositories/${encodeURIComponent(workspace)}/${encodeURIComponent(slug)}`,
    pullRequest: env.BITBUCKET_PR_ID?.trim() || undefined,
    commit: env.BITBUCKET_COMMIT?.trim() || undefined,
    branch: env.BITBUCKET_BRANCH?.trim() || undefined,
    runUrl: env.BITBUCKET_BUILD_NUMBER ? `${origin}/pipelines/results/${env.BITBUCKET_BUILD_NUMBER}` : undefined,
  };
}
