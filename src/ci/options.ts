// What `monitors ci` is asked to do, as plain data: the command line of `monitors ci`, or the
// inputs of the GitHub Action (action/run.mjs turns each input into one of these options).
import { MonitorsError } from '../errors.js';
import { detectedProvider, PROVIDERS, type ProviderName } from './provider-names.js';

export const CI_COMMANDS = ['validate', 'plan', 'apply', 'drift'] as const;
export type CiCommand = (typeof CI_COMMANDS)[number];

export const DEFAULT_DRIFT_LABEL = 'monitors-drift';
export const DEFAULT_REPORT_DIR = 'monitors-ci';

export interface CiOptions {
  command: CiCommand;
  /** Folder (or file) of monitor YAML; it also names the comment and the drift issue. */
  path: string;
  lock: string;
  lockBranch: string;
  /** Given to every run as MONITORS_API_URL (an environment's own api_url wins over it). */
  apiUrl: string;
  /** plan: post or update the pull/merge request's comment. */
  comment: boolean;
  /** plan: then `monitors check --changed` beside the plan. */
  check: boolean;
  checkArgs: string;
  /** `all`, or names separated by spaces or commas; empty: no environments. */
  environments: string;
  /** Label of the drift issue; empty: none. */
  driftLabel: string;
  /** Where the report files go outside GitHub (report.md, outputs.env, plan-report.json). */
  reportDir: string;
  /** validate and plan: Kubernetes manifests whose routes must have a monitor (`discover k8s --check`); empty: none. */
  discover: string;
}

/** The options commander parsed for `monitors ci COMMAND [PATH]`. */
export interface CiFlags {
  lock?: string;
  lockBranch?: string;
  apiUrl?: string;
  comment: boolean;
  check?: boolean;
  checkArgs?: string;
  environments?: string;
  driftLabel?: string;
  provider?: string;
  reportDir?: string;
  discover?: string;
}

export function ciOptions(command: string, path: string | undefined, flags: CiFlags): CiOptions {
  if (!(CI_COMMANDS as readonly string[]).includes(command))
    throw new MonitorsError('BAD_OPTION', `monitors ci: unknown command "${command}"`, {
      hint: `Use one of ${CI_COMMANDS.join(', ')}.`,
    });
  return {
    command: command as CiCommand,
    // The default of validate, plan and apply too: the current folder, searched recursively.
    path: path?.trim() || '.',
    lock: flags.lock?.trim() ?? '',
    lockBranch: flags.lockBranch?.trim() ?? '',
    apiUrl: flags.apiUrl?.trim() ?? '',
    comment: flags.comment,
    check: flags.check === true,
    checkArgs: flags.checkArgs?.trim() ?? '',
    environments: flags.environments?.trim() ?? '',
    driftLabel: flags.driftLabel === undefined ? DEFAULT_DRIFT_LABEL : flags.driftLabel.trim(),
    reportDir: flags.reportDir?.trim() || DEFAULT_REPORT_DIR,
    discover: flags.discover?.trim() ?? '',
  };
}

/** --provider, else the CI the environment says this is: GitHub Actions, GitLab CI, or neither. */
export function providerName(flag: string | undefined, env: NodeJS.ProcessEnv): ProviderName {
  if (flag !== undefined) {
    if ((PROVIDERS as readonly string[]).includes(flag)) return flag as ProviderName;
    throw new MonitorsError('BAD_OPTION', `--provider "${flag}" is not one of ${PROVIDERS.join(', ')}`);
  }
  return detectedProvider(env);
}
