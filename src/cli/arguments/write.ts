// The options of the commands that write (apply, destroy), checked before anything is read or
// sent: --concurrency, --format, --lock, --env and the switches, as steps/write-settings.ts
// types them.
import type { WaitOptions } from '../../wait/after-apply.js';
import { parseApplyFormat } from '../steps/apply-format.js';
import { requestedEnvironment } from '../../workspace/environment.js';
import type { WriteOptions, WriteSettings } from '../steps/write-settings.js';
import { fileOption, parseConcurrency } from './options.js';

export function parseWriteArguments(
  paths: string[],
  options: WriteOptions,
  wait: WaitOptions | undefined,
  env: NodeJS.ProcessEnv,
): WriteSettings {
  return {
    concurrency: parseConcurrency(options.concurrency),
    format: parseApplyFormat(options.format),
    lock: fileOption('--lock', options.lock),
    yes: options.yes ?? false,
    allowMassDelete: options.allowMassDelete ?? false,
    allowMissing: options.allowMissing ?? false,
    apiUrl: options.apiUrl,
    environment: requestedEnvironment(options.env, env),
    lockBranch: options.lockBranch,
    lockRemote: options.lockRemote,
    paths,
    wait,
  };
}
