export interface ActionInputs {
  command: 'validate' | 'plan' | 'apply' | 'drift';
  path: string;
  lock: string;
  apiUrl: string;
  comment: boolean;
  check: boolean;
  checkArgs: string;
  cli: string;
  version: string;
  githubToken: string;
  environments: string;
  /** Label of the drift issue; '' for none. */
  driftLabel: string;
}
export declare function readInputs(env: Record<string, string | undefined>): ActionInputs;
export declare function cliCommand(
  inputs: ActionInputs,
  env: Record<string, string | undefined>,
  actionDir?: string,
): { command: string; args: string[] };
export declare function commandArgs(inputs: ActionInputs): string[];
export declare function checkArgs(inputs: ActionInputs): string[];
export declare function checkReport(inputs: ActionInputs, code: number, stdout: string, output: string): string;
export declare function outcomeOf(command: string, exitCode: number): { ok: boolean; changes: boolean };
export declare function textReport(inputs: ActionInputs, code: number, output: string, ok: boolean): string;
export declare function runAction(env?: Record<string, string | undefined>): Promise<number>;
