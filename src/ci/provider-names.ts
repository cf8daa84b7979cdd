// The one list of the CIs `monitors ci` knows. Every table over it is a
// `Record<ProviderName, ...>` (how each is detected here, loaded in load-provider.ts, started
// by `monitors init --ci` in src/init/ci-starters.ts), so a provider added to this list fails
// the typecheck at each place that must say something about it.

// The order is the order of detection: a CI that also sets another's variables (Gitea and
// Forgejo Actions set GITHUB_ACTIONS) comes before the one it imitates, and Forgejo's runner,
// which sets GITEA_ACTIONS as well as FORGEJO_ACTIONS, comes before Gitea.
export const PROVIDERS = [
  'forgejo',
  'gitea',
  'github',
  'gitlab',
  'bitbucket',
  'bitbucket-dc',
  'azure',
  'plain',
] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** How a CI is recognised: the variable its documentation says it sets in every job, and the value test. */
export interface Detection {
  variable: string;
  /** True when the variable's value says this CI runs the job. */
  matches(value: string): boolean;
}

const isTrue = (value: string) => value === 'true';
/** Azure Pipelines sets TF_BUILD to "True" (https://learn.microsoft.com/azure/devops/pipelines/build/variables). */
const isTrueAnyCase = (value: string) => value.toLowerCase() === 'true';
/** Bitbucket Pipelines numbers every build (BITBUCKET_BUILD_NUMBER). */
const isBuildNumber = (value: string) => /^\d+$/.test(value.trim());
/** Bitbucket Data Center runs no pipelines of its own: the job names the server (docs/ci.md). */
const isServerUrl = (value: string) => /^https?:\/\/\S+$/.test(value.trim());

/**
 * The variable by which `monitors ci` knows where it runs without --provider; undefined for
 * `plain`, which is any other CI (or none) and is taken when no other one is detected.
 */
export const DETECTED_BY = {
  // Forgejo's runner sets FORGEJO_ACTIONS (and GITEA_ACTIONS); Gitea's act_runner GITEA_ACTIONS.
  forgejo: { variable: 'FORGEJO_ACTIONS', matches: isTrue },
  gitea: { variable: 'GITEA_ACTIONS', matches: isTrue },
  github: { variable: 'GITHUB_ACTIONS', matches: isTrue },
  gitlab: { variable: 'GITLAB_CI', matches: isTrue },
  azure: { variable: 'TF_BUILD', matches: isTrueAnyCase },
  bitbucket: { variable: 'BITBUCKET_BUILD_NUMBER', matches: isBuildNumber },
  'bitbucket-dc': { variable: 'MONITORS_BITBUCKET_DC_URL', matches: isServerUrl },
  plain: undefined,
} as const satisfies Record<ProviderName, Detection | undefined>;

/** The CI the environment says this is, in the order of PROVIDERS; plain when none says so. */
export function detectedProvider(env: NodeJS.ProcessEnv): ProviderName {
  return (
    PROVIDERS.find((name) => {
      const detection: Detection | undefined = DETECTED_BY[name];
      const value = detection ? env[detection.variable] : undefined;
      return detection !== undefined && value !== undefined && detection.matches(value);
    }) ?? 'plain'
  );
}
