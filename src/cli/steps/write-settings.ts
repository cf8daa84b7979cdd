// The options of the commands that write (apply, destroy), each checked before anything is
// read or sent. apply adds its own (--plan, --target, --replace) on top.
import type { WaitOptions } from '../../wait/after-apply.js';
import { parseApplyFormat, type ApplyFormat } from './apply-format.js';
import { requestedEnvironment, type EnvironmentRequest } from './environment.js';
import { fileOption, parseConcurrency } from './options.js';

/** The options both apply and destroy parse, as commander hands them over. */
export interface WriteOptions {
  env?: string;
  lock?: string;
  yes?: boolean;
  allowMassDelete?: boolean;
  allowMissing?: boolean;
  apiUrl?: string;
  concurrency?: string;
  format?: string;
  lockBranch?: string;
  lockRemote?: string;
}

export interface WriteSettings {
  concurrency: number;
  format: ApplyFormat;
  lock: string | undefined;
  yes: boolean;
  allowMassDelete: boolean;
  /** --allow-missing (src/plan/workspace-check.ts). */
  allowMissing: boolean;
  apiUrl: string | undefined;
  /** --env / MONITORS_ENV. */
  environment: EnvironmentRequest | undefined;
  lockBranch: string | undefined;
  lockRemote: string | undefined;
  /** The YAML paths (--wait may have taken the first one as its value). */
  paths: string[];
  wait: WaitOptions | undefined;
}

export function writeSettings(paths: string[], options: WriteOptions, wait: WaitOptions | undefined): WriteSettings {
  return {
    concurrency: parseConcurrency(options.concurrency),
    format: parseApplyFormat(options.format),
    lock: fileOption('--lock', options.lock),
    yes: options.yes ?? false,
    allowMassDelete: options.allowMassDelete ?? false,
    allowMissing: options.allowMissing ?? false,
    apiUrl: options.apiUrl,
    environment: requestedEnvironment(options.env, process.env),
    lockBranch: options.lockBranch,
    lockRemote: options.lockRemote,
    paths,
    wait,
  };
}
