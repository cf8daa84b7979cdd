import { isMonitorsError } from '../../errors.js';
import { ciOptions, providerName, type CiFlags, type CiOptions } from '../../ci/options.js';
import type { CiProvider } from '../../ci/provider.js';
import { runCi } from '../../ci/run-ci.js';

export async function runCiCommand(command: string, path: string | undefined, flags: CiFlags): Promise<number> {
  const options = ciOptions(command, path, flags);
  const provider = await providerFor(providerName(flags.provider, process.env), options, process.env);
  try {
    return await runCi(options, process.env, provider);
  } catch (error) {
    // Said the way the CI shows an error (GitHub: an annotation), not only on stderr.
    if (!isMonitorsError(error)) throw error;
    provider.error(error.hint ? `${error.message}. ${error.hint}` : error.message);
    return error.exitCode;
  }
}

async function providerFor(name: string, options: CiOptions, env: NodeJS.ProcessEnv): Promise<CiProvider> {
  switch (name) {
    case 'github':
      return (await import('../../ci/github.js')).githubProvider(env, options);
    case 'gitlab':
      return (await import('../../ci/gitlab.js')).gitlabProvider(env, options);
    default:
      return (await import('../../ci/plain.js')).plainProvider(env, options);
  }
}
