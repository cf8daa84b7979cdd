// The work of `monitors ci`, loaded only when that command runs.
import { isMonitorsError } from '../../errors.js';
import { childRuns } from '../../ci/child.js';
import { loadProvider } from '../../ci/load-provider.js';
import { ciOptions, providerName, type CiFlags } from '../../ci/options.js';
import { runCi } from '../../ci/run-ci.js';
import { SELF } from '../steps/self-process.js';

export async function runCiCommand(command: string, path: string | undefined, flags: CiFlags): Promise<number> {
  const options = ciOptions(command, path, flags);
  const provider = await loadProvider(providerName(flags.provider, process.env), options, process.env);
  try {
    return await runCi(options, process.env, provider, childRuns(SELF));
  } catch (error) {
    // Said the way the CI shows an error (GitHub: an annotation), not only on stderr.
    if (!isMonitorsError(error)) throw error;
    provider.error(error.hint ? `${error.message}. ${error.hint}` : error.message);
    return error.exitCode;
  }
}
