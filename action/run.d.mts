export interface ActionInputs {
  command: 'validate' | 'plan' | 'apply' | 'drift' | 'environments';
  path: string;
  lock: string;
  lockBranch: string;
  apiUrl: string;
  comment: boolean;
  check: boolean;
  checkArgs: string;
  cli: string;
  githubToken: string;
  environments: string;
  /** Kubernetes manifests whose routed hosts and paths must have a monitor (validate, plan); '' for none. */
  discover: string;
  /** Label of the drift issue; '' for none; undefined for the CLI's default. */
  driftLabel: string | undefined;
}
export declare function readInputs(env: Record<string, string | undefined>): ActionInputs;
export declare function cliCommand(inputs: ActionInputs, actionDir?: string): { command: string; args: string[] };
export declare function cliArgs(inputs: ActionInputs): string[];
export declare function cliEnv(
  inputs: ActionInputs,
  env: Record<string, string | undefined>,
): Record<string, string | undefined>;
export declare function runAction(env?: Record<string, string | undefined>): Promise<number>;
