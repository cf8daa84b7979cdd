// The one list of the CIs `monitors ci` knows. Every table over it is a
// `Record<ProviderName, ...>` (how each is detected here, loaded in load-provider.ts, started
// by `monitors init --ci` in src/init/ci-starters.ts), so a provider added to this list fails
// the typecheck at each place that must say something about it.

export const PROVIDERS = ['github', 'gitlab', 'plain'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/**
 * The variable a CI sets to "true" in its jobs, by which `monitors ci` knows where it runs
 * without --provider; undefined for `plain`, which is any other CI (or none) and is taken
 * when no other one is detected.
 */
export const DETECTED_BY = {
  github: 'GITHUB_ACTIONS',
  gitlab: 'GITLAB_CI',
  plain: undefined,
} as const satisfies Record<ProviderName, string | undefined>;

/** The CI the environment says this is, in the order of PROVIDERS; plain when none says so. */
export function detectedProvider(env: NodeJS.ProcessEnv): ProviderName {
  return PROVIDERS.find((name) => DETECTED_BY[name] !== undefined && env[DETECTED_BY[name]] === 'true') ?? 'plain';
}
