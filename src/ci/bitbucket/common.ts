// What both Bitbucket providers share: plain log lines (Bitbucket shows a step's log as it
// is), the report and outputs as files in the report folder for the step's artifacts
// (report-files.ts), validate's SARIF kept there too, and the token: MONITORS_CI_TOKEN, else
// BITBUCKET_ACCESS_TOKEN (host-overrides.ts).
import { CI_TOKEN_VARIABLE, hostToken, type HostToken } from '../host-overrides.js';
import type { CiOptions } from '../options.js';
import type { CiProvider } from '../provider.js';
import { reportFiles, type ReportFiles } from '../report-files.js';

export const TOKEN_VARIABLE = 'BITBUCKET_ACCESS_TOKEN';
/**
 * Bitbucket Cloud documents no limit for a comment; Data Center refuses 32,768 characters and
 * more, and a longer comment is hard to read anyway: the same cut on both hosts.
 */
export const BITBUCKET_MAX_COMMENT = 32_000;

export type SharedPart = Pick<
  CiProvider,
  | 'error'
  | 'warning'
  | 'info'
  | 'group'
  | 'endGroup'
  | 'secretNames'
  | 'writeReport'
  | 'writeOutputs'
  | 'machineReports'
  | 'writeMachineReport'
>;

export interface Shared {
  part: SharedPart;
  files: ReportFiles;
  print: (line: string) => void;
  token: HostToken | undefined;
}

export function shared(env: NodeJS.ProcessEnv, options: CiOptions): Shared {
  const files = reportFiles(options.reportDir);
  const print = (line: string) => void process.stdout.write(`${line}\n`);
  return {
    files,
    print,
    token: hostToken(env, [TOKEN_VARIABLE]),
    part: {
      error: (message) => print(`ERROR: ${message}`),
      warning: (message) => print(`WARNING: ${message}`),
      info: print,
      group: (title) => print(`==> ${title}`),
      endGroup: () => undefined,
      secretNames: [TOKEN_VARIABLE, CI_TOKEN_VARIABLE],
      writeReport(markdown, counts) {
        files.writeReport(markdown, counts);
        print(`monitors: the report is in ${files.reportPath}.`);
      },
      writeOutputs: (outputs) => files.writeOutputs(outputs),
      // Validate's SARIF: the source of the Code Insights annotations, kept as an artifact too.
      machineReports: ['sarif'],
      writeMachineReport(_kind, file, content) {
        print(`monitors: the SARIF report is in ${files.writeFile(file, content)}.`);
      },
    },
  };
}

/** A failure's message, for a line of the log. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
