// The options of the commands that write (apply, destroy): as commander hands them over, and
// as src/cli/arguments/write.ts checks them, before anything is read or sent. apply adds its
// own (--plan, --target, --replace) on top. Here, below the commands, so that the steps they
// share (carry-out.ts) can name them.
import type { WaitOptions } from '../../wait/after-apply.js';
import type { ApplyFormat } from './apply-format.js';
import type { EnvironmentRequest } from '../../workspace/environment.js';

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
