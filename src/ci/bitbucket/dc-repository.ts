// Where a job's Bitbucket Data Center repository, pull request and commit are. Data Center
// runs no pipelines of its own, so the job says so with variables of ours, and where it runs
// in Jenkins (Bitbucket Branch Source) or Bamboo their own variables fill in the rest:
//   MONITORS_BITBUCKET_DC_URL      the server, https://bitbucket.example.com (detects the provider)
//   MONITORS_BITBUCKET_DC_PROJECT  the project key          MONITORS_BITBUCKET_DC_REPO  the repository slug
//   MONITORS_BITBUCKET_DC_PR_ID    the pull request's id    (else Jenkins' CHANGE_ID, Bamboo's bamboo_repository_pr_key)
//   MONITORS_BITBUCKET_DC_COMMIT   the commit built         (else Jenkins' GIT_COMMIT, Bamboo's bamboo_planRepository_revision)
//   MONITORS_BITBUCKET_DC_BUILD_URL the job's page          (else Jenkins' BUILD_URL, Bamboo's bamboo_resultsUrl)
// The REST API is the server's /rest (MONITORS_CI_API_URL overrides it). Pure.
import { hostApiBase } from '../host-overrides.js';

export type DcRepository = ReturnType<typeof dcRepository>;

const first = (env: NodeJS.ProcessEnv, names: string[]) =>
  names.map((name) => env[name]?.trim()).find((value) => Boolean(value));

export function dcRepository(env: NodeJS.ProcessEnv) {
  const server = env.MONITORS_BITBUCKET_DC_URL?.trim().replace(/\/+$/, '') ?? '';
  const project = env.MONITORS_BITBUCKET_DC_PROJECT?.trim() ?? '';
  const slug = env.MONITORS_BITBUCKET_DC_REPO?.trim() ?? '';
  const webUrl = `${server}/projects/${encodeURIComponent(project)}/repos/${encodeURIComponent(slug)}`;
  return {
    server,
    project,
    slug,
    apiBase: hostApiBase(env, server ? `${server}/rest` : undefined),
    /** Under /rest: the core API's repository (comments, builds) and Code Insights'. */
    path: `/api/1.0/projects/${encodeURIComponent(project)}/repos/${encodeURIComponent(slug)}`,
    insightsPath: `/insights/1.0/projects/${encodeURIComponent(project)}/repos/${encodeURIComponent(slug)}`,
    pullRequest: first(env, ['MONITORS_BITBUCKET_DC_PR_ID', 'CHANGE_ID', 'bamboo_repository_pr_key']),
    commit: first(env, ['MONITORS_BITBUCKET_DC_COMMIT', 'GIT_COMMIT', 'bamboo_planRepository_revision']),
    runUrl: first(env, ['MONITORS_BITBUCKET_DC_BUILD_URL', 'BUILD_URL', 'bamboo_resultsUrl']),
    webUrl,
  };
}

/** What is missing for the API (named for the message), or undefined. */
export function missingSettings(repo: DcRepository): string | undefined {
  const missing = [
    ...(repo.apiBase ? [] : ['MONITORS_BITBUCKET_DC_URL']),
    ...(repo.project ? [] : ['MONITORS_BITBUCKET_DC_PROJECT']),
    ...(repo.slug ? [] : ['MONITORS_BITBUCKET_DC_REPO']),
  ];
  return missing.length > 0 ? `${missing.join(', ')} not set` : undefined;
}
