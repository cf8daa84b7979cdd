// Each CI's implementation, loaded when it is the one running: a job loads only its own CI's
// code. A provider of provider-names.ts without an entry here fails the typecheck.
import type { CiOptions } from './options.js';
import type { CiProvider } from './provider.js';
import type { ProviderName } from './provider-names.js';

type LoadProvider = (env: NodeJS.ProcessEnv, options: CiOptions) => Promise<CiProvider>;

export const PROVIDER_LOADERS = {
  forgejo: async (env, options) => (await import('./gitea.js')).giteaProvider('forgejo', env, options),
  gitea: async (env, options) => (await import('./gitea.js')).giteaProvider('gitea', env, options),
  github: async (env, options) => (await import('./github.js')).githubProvider(env, options),
  gitlab: async (env, options) => (await import('./gitlab.js')).gitlabProvider(env, options),
  bitbucket: async (env, options) => (await import('./bitbucket/cloud.js')).bitbucketCloudProvider(env, options),
  'bitbucket-dc': async (env, options) => (await import('./bitbucket/dc.js')).bitbucketDcProvider(env, options),
  azure: async (env, options) => (await import('./azure.js')).azureProvider(env, options),
  plain: async (env, options) => (await import('./plain.js')).plainProvider(env, options),
} as const satisfies Record<ProviderName, LoadProvider>;

export function loadProvider(name: ProviderName, options: CiOptions, env: NodeJS.ProcessEnv): Promise<CiProvider> {
  return PROVIDER_LOADERS[name](env, options);
}
